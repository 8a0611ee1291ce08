"""Gradient checkpointing switched on by a method called before compiling: in training, `use_cache=True`
is incompatible, so the model warns once and turns it off. The checkpointed layer call (a partial of
torch.utils.checkpoint stored by the switch) compiles."""
import functools
import logging

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

logger = logging.getLogger(__name__)


class Block(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return torch.tanh(self.ff(x))


class Model(nn.Module):
    def __init__(self, layers=2):
        super().__init__()
        self.layers = nn.ModuleList(Block() for _ in range(layers))
        self.gradient_checkpointing = False

    def gradient_checkpointing_enable(self):
        self._gradient_checkpointing_func = functools.partial(checkpoint, use_reentrant=False)
        self.gradient_checkpointing = True

    def forward(self, hidden, use_cache=True):
        if self.gradient_checkpointing and self.training:
            if use_cache:
                logger.warning("`use_cache=True` is incompatible with gradient checkpointing.")  # expect: CL131
                use_cache = False
        cache = [] if use_cache else None
        for layer in self.layers:
            if self.gradient_checkpointing and self.training:
                hidden = self._gradient_checkpointing_func(layer.__call__, hidden)
            else:
                hidden = layer(hidden)
            if use_cache:
                cache.append(hidden)
        return hidden, cache


def example():
    model = Model()
    model.gradient_checkpointing_enable()
    model.train()
    return model, (torch.randn(2, 4, requires_grad=True),)
