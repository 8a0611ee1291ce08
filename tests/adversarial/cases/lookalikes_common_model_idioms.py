"""Idioms of real model code that compile: rotary caches by shape, attention masks from shapes, einsum,
`masked_fill` with `finfo().min`, `torch.jit.annotate`, `.type_as`, `F.pad` with shape arithmetic."""
import math
from typing import List

import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        inv = 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv, persistent=False)
        self.scale = dim ** -0.5

    def forward(self, x):
        b, t, d = x.shape
        pos = torch.arange(t, device=x.device).type_as(self.inv_freq)
        freqs = torch.einsum("i,j->ij", pos, self.inv_freq)
        cos = freqs.cos().repeat_interleave(2, dim=-1)
        causal = torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1)
        scores = (x @ x.transpose(-1, -2)) * self.scale
        scores = scores.masked_fill(causal, torch.finfo(scores.dtype).min)
        pad = (8 - t % 8) % 8
        out = F.pad(scores.softmax(-1) @ (x * cos), (0, 0, 0, pad))
        sizes: List[int] = torch.jit.annotate(List[int], [])
        sizes.append(out.shape[1])
        return out * math.sqrt(d) + len(sizes)


def example():
    return Model(), (torch.randn(2, 3, 4),)
