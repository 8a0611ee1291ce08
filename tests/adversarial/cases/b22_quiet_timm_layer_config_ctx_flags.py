"""timm's layer-config context manager used inside forward: a `@contextmanager` sets module-level flags that
the attention reads (fused or not); nothing inside leaves the graph."""
from contextlib import contextmanager

import torch
import torch.nn.functional as F
from torch import nn

_USE_FUSED_ATTN = True


@contextmanager
def use_fused_attn(enable):
    global _USE_FUSED_ATTN
    prev = _USE_FUSED_ATTN
    _USE_FUSED_ATTN = enable
    try:
        yield
    finally:
        _USE_FUSED_ATTN = prev


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.scale = dim ** -0.5

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if _USE_FUSED_ATTN:  # known-fp: CL208
            return F.scaled_dot_product_attention(q, k, v)
        attn = (q * self.scale) @ k.transpose(-2, -1)
        return attn.softmax(dim=-1) @ v


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x):
        with use_fused_attn(False):
            y = self.attn(x)
        return x + y + self.attn(x)


def example():
    return Block(), (torch.randn(2, 3, 4),)
