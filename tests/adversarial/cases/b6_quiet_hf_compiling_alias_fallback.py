"""A project compile check defined by feature detection at import time (`is_compiling` is torch's function
when it exists, else a local def returning False), plus `torch.jit.is_tracing()`. The expensive NaN check and
its warning sit behind both, so dynamo never traces them."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)

if hasattr(torch, "compiler") and hasattr(torch.compiler, "is_compiling"):
    is_compiling = torch.compiler.is_compiling
else:
    def is_compiling():
        return False


def is_tracing_or_compiling():
    return torch.jit.is_tracing() or is_compiling()


class GuardedNorm(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, hidden_states):
        if not is_compiling() and torch.isnan(hidden_states).any():
            logger.warning("NaN in the input of the norm")
        if not is_tracing_or_compiling():
            print("eager norm of", hidden_states.shape)
        return self.norm(hidden_states)


def example():
    return GuardedNorm(), (torch.randn(2, 4),)
