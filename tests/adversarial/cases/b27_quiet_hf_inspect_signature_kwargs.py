"""A decoder layer wrapper forwards `position_ids` only when the wrapped layer's forward accepts it, read from
`inspect.signature` in forward (inspect traces)."""
import inspect

import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, hidden, position_ids=None):
        return self.fc(hidden) if position_ids is None else self.fc(hidden) + position_ids[..., None]


class LayerWrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = Layer()

    def forward(self, hidden, position_ids):
        kwargs = {}
        if "position_ids" in inspect.signature(self.layer.forward).parameters:
            kwargs["position_ids"] = position_ids
        return self.layer(hidden, **kwargs)


def example():
    return LayerWrapper(), (torch.randn(2, 3, 4), torch.arange(3).expand(2, 3).float())
