"""The classic switch: with gradient checkpointing on and the model training, `use_cache=True` is
incompatible, so the model warns once (an lru_cached logger helper) and turns the cache off."""
import functools
import logging

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

logger = logging.getLogger(__name__)


@functools.lru_cache(None)
def warning_once(message):
    logger.warning(message)  # expect: CL131


class Stack(nn.Module):
    def __init__(self, dim=8, layers=2):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))
        self.gradient_checkpointing = True

    def forward(self, hidden_states, use_cache=True):
        if self.gradient_checkpointing and self.training:
            if use_cache:
                warning_once("`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.")
                use_cache = False
        for layer in self.layers:
            if self.gradient_checkpointing and self.training:
                hidden_states = checkpoint(layer, hidden_states, use_reentrant=False)
            else:
                hidden_states = layer(hidden_states)
        return hidden_states, use_cache


def example():
    return Stack(), (torch.randn(2, 8),)
