"""A model-output container (a dict subclass) whose __setitem__ checks only the rank of what it stores and keeps
a tuple view in step: shape tests and dict mutation compile."""
from collections import OrderedDict

import torch
from torch import nn


class RankedOutput(OrderedDict):
    def __setitem__(self, key, value):
        if value is not None and value.dim() < 2:
            raise ValueError(f"{key} must be batched")
        super().__setitem__(key, value)

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


class TinyClassifier(nn.Module):
    def __init__(self, dim=4, num_labels=3):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, num_labels)

    def forward(self, input_embeds):
        hidden = torch.tanh(self.encoder(input_embeds))
        out = RankedOutput()
        out["last_hidden_state"] = hidden
        out["logits"] = self.head(hidden)
        return out.to_tuple()


def example():
    return TinyClassifier(), (torch.randn(2, 4),)
