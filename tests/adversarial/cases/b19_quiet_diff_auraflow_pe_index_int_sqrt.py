"""A patch embedding crops its position table around the centre: the grid side is int() of a square root of a
Python int from the config, and the crop indexes an arange view (no tensor value becomes a Python number)."""
import torch
from torch import nn


class CentreCroppedPosEmbed(nn.Module):
    def __init__(self, dim=4, patch_size=1, pos_embed_max_size=16):
        super().__init__()
        self.patch_size, self.pos_embed_max_size = patch_size, pos_embed_max_size
        self.pos_embed = nn.Parameter(torch.randn(1, pos_embed_max_size, dim))
        self.proj = nn.Conv2d(dim, dim, patch_size, stride=patch_size)

    def pe_selection_index_based_on_dim(self, h, w):
        h_p, w_p = h // self.patch_size, w // self.patch_size
        original_pe_indexes = torch.arange(self.pos_embed.shape[1])
        h_max, w_max = int(self.pos_embed_max_size**0.5), int(self.pos_embed_max_size**0.5)
        original_pe_indexes = original_pe_indexes.view(h_max, w_max)
        starth, startw = h_max // 2 - h_p // 2, w_max // 2 - w_p // 2
        original_pe_indexes = original_pe_indexes[starth: starth + h_p, startw: startw + w_p]
        return original_pe_indexes.flatten()

    def forward(self, latent):
        height, width = latent.shape[-2:]
        x = self.proj(latent).flatten(2).transpose(1, 2)
        return x + self.pos_embed[:, self.pe_selection_index_based_on_dim(height, width)]


def example():
    return CentreCroppedPosEmbed(), (torch.randn(2, 4, 2, 2),)
