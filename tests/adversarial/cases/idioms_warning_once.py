"""transformers' `logger.warning_once` (an lru_cache'd method patched onto logging.Logger) and a guard
through an `is_torchdynamo_compiling()` wrapper."""
import functools
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


@functools.lru_cache(None)
def warning_once(self, *args, **kwargs):
    self.warning(*args, **kwargs)


logging.Logger.warning_once = warning_once


def is_torchdynamo_compiling():
    try:
        return torch.compiler.is_compiling()
    except Exception:
        return False


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, use_cache=True):
        if not is_torchdynamo_compiling():
            logger.warning("running eagerly")
        if use_cache:
            logger.warning_once("`use_cache=True` is incompatible with gradient checkpointing.")  # expect: CL131
            use_cache = False
        return self.lin(x)


def example():
    return Block(), (torch.randn(2, 4),)
