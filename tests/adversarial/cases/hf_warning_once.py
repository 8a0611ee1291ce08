"""`logger.warning_once` (an lru_cache'd Logger method) in the use_cache / gradient checkpointing branch."""
import functools
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


@functools.lru_cache(None)
def warning_once(self, *args, **kwargs):
    self.warning(*args, **kwargs)


logging.Logger.warning_once = warning_once


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.gradient_checkpointing = True
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])

    def forward(self, hidden_states, use_cache=True):
        if self.gradient_checkpointing and self.training and use_cache:
            logger.warning_once("`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.")  # expect: CL131
            use_cache = False
        for layer in self.layers:
            hidden_states = layer(hidden_states)
        return hidden_states, use_cache


def example():
    return Decoder().train(), (torch.randn(2, 8),)
