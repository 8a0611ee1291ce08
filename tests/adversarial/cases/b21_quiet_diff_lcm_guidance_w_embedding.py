"""A latent-consistency model embeds the guidance scale: `torch.tensor(self.guidance_scale - 1).repeat(batch)` of a
Python float, then a sinusoidal embedding with `math.log(10000.0)` and a zero-pad when the dimension is odd."""
import math

import torch
from torch import nn


def get_guidance_scale_embedding(w, embedding_dim=7, dtype=torch.float32):
    assert len(w.shape) == 1
    w = w * 1000.0
    half_dim = embedding_dim // 2
    emb = math.log(10000.0) / (half_dim - 1)
    emb = torch.exp(torch.arange(half_dim, dtype=dtype) * -emb)
    emb = w.to(dtype)[:, None] * emb[None, :]
    emb = torch.cat([torch.sin(emb), torch.cos(emb)], dim=1)
    if embedding_dim % 2 == 1:
        emb = torch.nn.functional.pad(emb, (0, 1))
    assert emb.shape == (w.shape[0], embedding_dim)
    return emb


class LCMGuidance(nn.Module):
    def __init__(self, guidance_scale=8.5, dim=7):
        super().__init__()
        self.guidance_scale = guidance_scale
        self.proj = nn.Linear(dim, dim)

    def forward(self, latents):
        batch_size = latents.shape[0]
        w = torch.tensor(self.guidance_scale - 1).repeat(batch_size)
        w_embedding = get_guidance_scale_embedding(w, embedding_dim=7).to(latents.dtype)
        return latents + self.proj(w_embedding)


def example():
    return LCMGuidance(), (torch.randn(2, 7),)
