"""A model-output container (a dict subclass, as ModelOutput is) validates every value stored into it: its
__setitem__ tests the tensor for non-finite values before storing it."""
from collections import OrderedDict

import torch
from torch import nn


class CheckedOutput(OrderedDict):
    def __setitem__(self, key, value):
        if value is not None and not torch.isfinite(value).all():  # expect: CL101
            raise ValueError(f"non-finite {key}")
        super().__setitem__(key, value)


class TinyClassifier(nn.Module):
    def __init__(self, dim=4, num_labels=3):
        super().__init__()
        self.encoder = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, num_labels)

    def forward(self, input_embeds):
        hidden = torch.tanh(self.encoder(input_embeds))
        out = CheckedOutput()
        out["last_hidden_state"] = hidden
        out["logits"] = self.head(hidden)
        return out["logits"], out["last_hidden_state"]


def example():
    return TinyClassifier(), (torch.randn(2, 4),)
