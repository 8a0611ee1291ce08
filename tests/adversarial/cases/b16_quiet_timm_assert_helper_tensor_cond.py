"""Window attention guarded by the imported `_assert` helper: a shape test with an f-string message and a
tensor finiteness test (an assert on a tensor compiles to a runtime check)."""
import torch
from torch import nn

from b16_quiet_timm_layers import _assert


def window_partition(x, window_size):
    B, H, W, C = x.shape
    _assert(H % window_size == 0, f"height ({H}) must be divisible by window ({window_size})")
    _assert(W % window_size == 0, f"width ({W}) must be divisible by window ({window_size})")
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).reshape(-1, window_size * window_size, C)


class WindowBlock(nn.Module):
    def __init__(self, dim=8, window_size=2):
        super().__init__()
        self.window_size = window_size
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        windows = window_partition(x, self.window_size)
        q, k, v = self.qkv(windows).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(-1)
        _assert(torch.isfinite(attn).all(), "attention overflowed")
        return attn @ v


def example():
    return WindowBlock(), (torch.randn(2, 4, 4, 8),)
