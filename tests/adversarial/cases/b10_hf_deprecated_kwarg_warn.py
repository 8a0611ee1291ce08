"""A deprecation helper: when the caller still passes `head_mask`, the forward calls `_deprecate_kwarg`,
which emits a `FutureWarning` with `warnings.warn`."""
import warnings

import torch
from torch import nn


def _deprecate_kwarg(name, version):
    warnings.warn(f"`{name}` is deprecated and will be removed in v{version}.", FutureWarning)  # expect: CL131


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, hidden_states, head_mask=None):
        if head_mask is not None:
            _deprecate_kwarg("head_mask", "5.0")
            hidden_states = hidden_states * head_mask
        return self.fc(hidden_states)


def example():
    return Block(), (torch.randn(2, 8), torch.ones(8))
