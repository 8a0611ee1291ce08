"""A 1-D rotary embedding helper accepts positions as an int, a numpy array or a tensor (isinstance tests), builds an
arange from the int, and scales theta by a Python NTK factor."""
import numpy as np
import torch
from torch import nn


def get_1d_rotary_pos_embed(dim, pos, theta=10000.0, ntk_factor=1.0, linear_factor=1.0):
    assert dim % 2 == 0
    if isinstance(pos, int):
        pos = torch.arange(pos)
    if isinstance(pos, np.ndarray):
        pos = torch.from_numpy(pos)
    theta = theta * ntk_factor
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=torch.float32)[: (dim // 2)] / dim)) / linear_factor
    freqs = torch.outer(pos.float(), freqs)
    return freqs.cos().repeat_interleave(2, dim=1), freqs.sin().repeat_interleave(2, dim=1)


class RotaryBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dim = dim

    def forward(self, x, ids):
        cos_a, sin_a = get_1d_rotary_pos_embed(self.dim, x.shape[1])
        cos_b, sin_b = get_1d_rotary_pos_embed(self.dim, ids)
        return x * cos_a + x * sin_b + cos_b - sin_a


def example():
    return RotaryBlock(), (torch.randn(1, 3, 8), torch.arange(3))
