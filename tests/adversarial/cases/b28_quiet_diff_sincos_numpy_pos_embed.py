"""A patch embedding recomputes its 2-D sin-cos position table with numpy from Python grid sizes when the
input resolution differs from the stored one (numpy on Python ints, then `torch.from_numpy`; compiles)."""
import numpy as np
import torch
from torch import nn


def get_1d_sincos_pos_embed_from_grid(embed_dim, pos):
    omega = np.arange(embed_dim // 2, dtype=np.float64) / (embed_dim / 2.0)
    omega = 1.0 / 10000**omega
    out = np.einsum("m,d->md", pos.reshape(-1), omega)
    return np.concatenate([np.sin(out), np.cos(out)], axis=1)


def get_2d_sincos_pos_embed(embed_dim, grid_size):
    grid_h = np.arange(grid_size, dtype=np.float32)
    grid_w = np.arange(grid_size, dtype=np.float32)
    grid = np.stack(np.meshgrid(grid_w, grid_h), axis=0)
    emb_h = get_1d_sincos_pos_embed_from_grid(embed_dim // 2, grid[0])
    emb_w = get_1d_sincos_pos_embed_from_grid(embed_dim // 2, grid[1])
    return np.concatenate([emb_h, emb_w], axis=1)


class PatchEmbed(nn.Module):
    def __init__(self, dim=8, patch=2, grid=2):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.patch = patch
        self.height = self.width = grid
        self.dim = dim
        self.register_buffer("pos_embed", torch.from_numpy(get_2d_sincos_pos_embed(dim, grid)).float(), persistent=False)

    def forward(self, latent):
        height, width = latent.shape[-2] // self.patch, latent.shape[-1] // self.patch
        x = self.proj(latent).flatten(2).transpose(1, 2)
        if self.height != height or self.width != width:
            pos_embed = torch.from_numpy(get_2d_sincos_pos_embed(self.dim, height)).float()
        else:
            pos_embed = self.pos_embed
        return x + pos_embed


def example():
    return PatchEmbed(), (torch.randn(1, 3, 6, 6),)
