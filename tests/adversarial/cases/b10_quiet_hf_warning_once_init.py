"""`warning_once` (an lru_cached Logger method) used where it belongs: in `__init__` when the config asks for
something unsupported, and in a class method that builds the model; the forward only computes."""
import functools
import logging

import torch
from torch import nn


@functools.lru_cache(None)
def _warning_once(self, *args):
    self.warning(*args)


logging.Logger.warning_once = _warning_once
logger = logging.getLogger(__name__)


class Attention(nn.Module):
    def __init__(self, dim=8, attn_implementation="flash"):
        super().__init__()
        if attn_implementation != "eager":
            logger.warning_once("falling back to eager attention")
            attn_implementation = "eager"
        self.attn_implementation = attn_implementation
        self.proj = nn.Linear(dim, dim)

    @classmethod
    def from_config(cls, dim):
        logger.warning_once("building from a config")
        return cls(dim)

    def forward(self, x):
        if self.attn_implementation == "eager":
            scores = (x @ x.transpose(-1, -2)).softmax(-1)
            return self.proj(scores @ x)
        return self.proj(x)


def example():
    return Attention.from_config(8), (torch.randn(2, 3, 8),)
