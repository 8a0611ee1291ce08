"""timm-style fused attention switch: a module global read from the environment at import, a helper
`use_fused_attn()` called in `__init__` and again in forward, and an experimental flag; the manual path
is chosen on Python values only."""
import os

import torch
from torch import nn
from torch.nn import functional as F

_USE_FUSED_ATTN = int(os.environ.get("TIMM_FUSED_ATTN", "1"))


def use_fused_attn(experimental=False):
    if experimental:
        return _USE_FUSED_ATTN > 1
    return _USE_FUSED_ATTN > 0


class Attention(nn.Module):
    def __init__(self, dim=8, num_heads=2):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.fused_attn = use_fused_attn()
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).reshape(B, N, 3, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4).unbind(0)
        if self.fused_attn and not use_fused_attn(experimental=True):
            x = F.scaled_dot_product_attention(q, k, v)
        else:
            attn = (q * self.scale) @ k.transpose(-2, -1)
            x = attn.softmax(dim=-1) @ v
        return x.transpose(1, 2).reshape(B, N, C)


def example():
    return Attention(), (torch.randn(2, 3, 8),)
