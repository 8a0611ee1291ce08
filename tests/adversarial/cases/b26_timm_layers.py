"""A vision library's layers file for batch 26: a warn-once helper memoised with `functools.lru_cache` that logs
through the module logger, an environment switch for fused attention (also memoised), and `to_2tuple`. The other
b26 vision cases import it; its example warns once about a slow attention path."""
import functools
import logging
import os
from itertools import repeat

import torch
from torch import nn

_logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=None)
def warn_once(msg):
    _logger.warning(msg)  # expect: CL131


@functools.lru_cache(maxsize=None)
def fused_attn_enabled(default=True):
    return os.environ.get("B26_FUSED_ATTN", "1" if default else "0") == "1"


def to_2tuple(x):
    if isinstance(x, (tuple, list)):
        return tuple(x)
    return tuple(repeat(x, 2))


class _LayersDemo(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(4, 12)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if x.dtype == torch.float32:
            warn_once("layers demo: float32 attention takes the slow path")
        return torch.softmax(q @ k.transpose(-1, -2), dim=-1) @ v


def example():
    return _LayersDemo(), (torch.randn(2, 3, 4),)
