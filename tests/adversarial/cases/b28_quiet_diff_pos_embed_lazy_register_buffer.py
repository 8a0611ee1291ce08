"""A patch embedding keeps a sinusoidal position table as a non-persistent buffer and regrows it with
`register_buffer` inside forward when a larger input arrives (the table is built from Python sizes; dynamo
records the buffer swap as a side effect: compiles)."""
import math

import torch
from torch import nn


def sincos_table(length, dim):
    pos = torch.arange(length, dtype=torch.float32)[:, None]
    freq = torch.exp(torch.arange(0, dim, 2, dtype=torch.float32) * (-math.log(10000.0) / dim))
    return torch.cat([torch.sin(pos * freq), torch.cos(pos * freq)], dim=-1)


class PatchEmbed(nn.Module):
    def __init__(self, dim=4, max_len=2):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.dim = dim
        self.register_buffer("pos_embed", sincos_table(max_len, dim), persistent=False)

    def forward(self, x):
        seq_len = x.shape[1]
        if seq_len > self.pos_embed.shape[0]:
            self.register_buffer("pos_embed", sincos_table(seq_len, self.dim), persistent=False)
        return self.proj(x) + self.pos_embed[:seq_len]


def example():
    return PatchEmbed(), (torch.randn(1, 5, 4),)
