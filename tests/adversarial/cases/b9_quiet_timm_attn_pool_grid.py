"""Attention pooling over a square token grid: H = W = int(N ** 0.5) from the token count, a learned query,
and `max()`/`min()` builtins over shape ints."""
import torch
import torch.nn.functional as F
from torch import nn


class AttentionPool(nn.Module):
    def __init__(self, dim=4, heads=2):
        super().__init__()
        self.heads = heads
        self.query = nn.Parameter(torch.randn(1, 1, dim))
        self.kv = nn.Linear(dim, 2 * dim)
        self.scale = (dim // heads) ** -0.5

    def forward(self, x):
        B, N, C = x.shape
        H = W = int(N ** 0.5)
        x = x.transpose(1, 2).reshape(B, C, H, W)
        window = max(1, min(H, W) // 2)
        x = F.avg_pool2d(x, window).flatten(2).transpose(1, 2)
        k, v = self.kv(x).chunk(2, dim=-1)
        attn = (self.query * self.scale) @ k.transpose(1, 2)
        return (attn.softmax(-1) @ v).squeeze(1)


def example():
    return AttentionPool(), (torch.randn(2, 16, 4),)
