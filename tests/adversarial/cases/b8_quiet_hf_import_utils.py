"""A model-hub project's utils module: the compile / tracing / scripting guards wrapped in helpers, a logger
with `warning_once` (an lru_cache on the message), imported by the other b8 cases. Its own example only
calls the guards from a compiled forward."""
import functools
import logging

import torch
from torch import nn


def is_torchdynamo_compiling():
    try:
        return torch.compiler.is_compiling()
    except AttributeError:
        return False


def is_tracing():
    return torch.jit.is_tracing()


def is_scripting():
    return torch.jit.is_scripting()


def is_torch_fx_proxy(value):
    return type(value).__name__ == "Proxy"


@functools.lru_cache(None)
def _warning_once(self, *args, **kwargs):
    self.warning(*args, **kwargs)


logging.Logger.warning_once = _warning_once


def get_logger(name):
    return logging.getLogger(name)


class _GuardedScale(nn.Module):
    def forward(self, x):
        if is_torchdynamo_compiling() or is_torch_fx_proxy(x):
            return x * 2
        return x * 3


def example():
    return _GuardedScale(), (torch.randn(2, 3),)
