"""Tokens back to a feature map with the grid size a Python tuple (`to_2tuple` in `__init__`) or computed from
the token count with `math.isqrt`."""
import math

import torch
from torch import nn

from b14_quiet_timm_helpers import to_2tuple


class TokensToMap(nn.Module):
    def __init__(self, dim=8, grid=2):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.grid_size = to_2tuple(grid)

    def forward(self, tokens, dynamic=False):
        b, n, c = tokens.shape
        gh, gw = (math.isqrt(n), math.isqrt(n)) if dynamic else self.grid_size
        return self.proj(tokens).transpose(1, 2).reshape(b, c, gh, gw)


def example():
    return TokensToMap(), (torch.randn(1, 4, 8),)
