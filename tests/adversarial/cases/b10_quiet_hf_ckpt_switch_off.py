"""Gradient checkpointing is off unless enabled: `self.gradient_checkpointing` is set False in `__init__`
and only `gradient_checkpointing_enable()` turns it on, so the warning branch is dead in the compiled model."""
import functools
import logging

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

logger = logging.getLogger(__name__)


@functools.lru_cache(None)
def warning_once(message):
    logger.warning(message)  # known-fp: CL131


class Stack(nn.Module):
    def __init__(self, dim=8, layers=2):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))
        self.gradient_checkpointing = False

    def gradient_checkpointing_enable(self):
        self.gradient_checkpointing = True

    def forward(self, hidden_states, use_cache=True):
        if self.gradient_checkpointing and self.training and use_cache:
            warning_once("`use_cache=True` is incompatible with gradient checkpointing.")
            use_cache = False
        for layer in self.layers:
            if self.gradient_checkpointing and self.training:
                hidden_states = checkpoint(layer, hidden_states, use_reentrant=False)
            else:
                hidden_states = layer(hidden_states)
        return hidden_states, use_cache


def example():
    return Stack(), (torch.randn(2, 8),)
