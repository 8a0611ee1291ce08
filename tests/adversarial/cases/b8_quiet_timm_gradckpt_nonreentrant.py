"""Gradient checkpointing with the non-reentrant implementation, as hub models now default to: blocks in an
nn.ModuleList, `self._gradient_checkpointing_func` a functools.partial of torch.utils.checkpoint set by
`gradient_checkpointing_enable()` before compiling."""
import functools

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Encoder(nn.Module):
    def __init__(self, dim=4, depth=2):
        super().__init__()
        self.layers = nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(depth))
        self.gradient_checkpointing = False

    def gradient_checkpointing_enable(self):
        self._gradient_checkpointing_func = functools.partial(checkpoint, use_reentrant=False)
        self.gradient_checkpointing = True

    def forward(self, hidden_states):
        for layer in self.layers:
            if self.gradient_checkpointing and self.training:
                hidden_states = self._gradient_checkpointing_func(layer.__call__, hidden_states)
            else:
                hidden_states = layer(hidden_states)
        return hidden_states


def example():
    model = Encoder().train()
    model.gradient_checkpointing_enable()
    return model, (torch.randn(2, 4, requires_grad=True),)
