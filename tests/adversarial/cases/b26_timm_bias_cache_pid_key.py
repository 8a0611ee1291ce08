"""A relative-position attention caches its bias per process (a dataloader-worker habit): the cache key holds
`os.getpid()`."""
import os

import torch
from torch import nn


class RelPosAttention(nn.Module):
    def __init__(self, dim=4, window=3):
        super().__init__()
        self.table = nn.Parameter(torch.randn(2 * window - 1))
        idx = torch.arange(window)
        self.register_buffer("index", idx[:, None] - idx[None, :] + window - 1)
        self.qkv = nn.Linear(dim, dim * 3)
        self._bias_key = None

    def get_bias(self):
        key = (os.getpid(), self.index.device.type)  # expect: CL153
        self._bias_key = key
        return self.table[self.index]

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = q @ k.transpose(-1, -2) + self.get_bias()
        return attn.softmax(-1) @ v


def example():
    return RelPosAttention(), (torch.randn(2, 3, 4),)
