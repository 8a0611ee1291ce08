"""A deprecated keyword handled by a helper that warns only when the caller passes it: the compiled forward
is called without `output_attentions`, so `_deprecate_kwarg` (and its `warnings.warn`) is never reached."""
import warnings

import torch
from torch import nn


def _deprecate_kwarg(name, version):
    warnings.warn(f"`{name}` is deprecated and will be removed in v{version}.", FutureWarning)  # known-fp: CL131


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, hidden_states, **kwargs):
        output_attentions = kwargs.pop("output_attentions", None)
        if output_attentions is not None:
            _deprecate_kwarg("output_attentions", "5.0")
        return self.fc(hidden_states)


def example():
    return Block(), (torch.randn(2, 8),)
