"""The opt-in NaN check turned on by position (`NanAttention(dim, 2, True, True)`): the data-dependent test runs
while traced and breaks."""
import torch
import torch.nn.functional as F
from torch import nn


class NanAttention(nn.Module):
    def __init__(self, dim, num_heads=2, qkv_bias=False, check_nan=False):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.qkv = nn.Linear(dim, dim * 3, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)
        self.check_nan = check_nan

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        x = F.scaled_dot_product_attention(q, k, v)
        if self.check_nan:
            if torch.isnan(x).any():  # expect: CL101
                raise RuntimeError("NaN in attention output")
        return self.proj(x.transpose(1, 2).reshape(B, N, C))


class NanBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = NanAttention(dim, 2, True, True)

    def forward(self, x):
        return x + self.attn(self.norm(x))


def example():
    return NanBlock(), (torch.randn(1, 4, 8),)
