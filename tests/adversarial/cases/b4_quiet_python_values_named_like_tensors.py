"""Names that usually hold tensors holding Python values: `mask = 0`, `attention_mask` a list of ints,
`scale = self.head_dim ** -0.5`, `float(self.scale)`, `int(os.environ.get(...))`, `.item()` on a numpy
scalar from a constant, `.items()` on dicts: nothing breaks."""
import math
import os

import numpy as np
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2, window=(1, 1, 0)):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.scale = self.head_dim**-0.5
        self.window = list(window)
        self.qkv = nn.Linear(dim, dim * 3)
        self.extra = {"temperature": 1.0, "bias": 0.0}

    def forward(self, x):
        B, N, C = x.shape
        mask = 0
        attention_mask = self.window
        scale = float(self.scale) * math.sqrt(self.head_dim) / math.sqrt(self.head_dim)
        if scale > 0.1 and mask == 0:
            scale = scale * 1.0
        workers = int(os.environ.get("NUM_WORKERS_FOR_ATTN", "1"))
        eps = np.float32(1e-6).item()
        for name, value in self.extra.items():
            if name == "temperature" and value != 1.0:
                scale = scale / value
        if sum(attention_mask) > 1:
            scale = scale * 1.0
        q, k, v = self.qkv(x).view(B, N, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        attn = (q @ k.transpose(-2, -1)) * scale + eps
        return (attn.softmax(-1) @ v).transpose(1, 2).reshape(B, N, C) * workers


def example():
    return Attention(), (torch.randn(2, 3, 8),)
