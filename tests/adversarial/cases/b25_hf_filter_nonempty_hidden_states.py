"""A model that pools over its layers keeps only the non-empty ones: `filter` with a lambda whose predicate is a
tensor comparison (the kind of one-liner a feature-extraction head uses)."""
import torch
from torch import nn


class LayerPooler(nn.Module):
    def __init__(self, dim=8, layers=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))

    def forward(self, hidden):
        all_hidden = []
        for layer in self.layers:
            hidden = layer(hidden).relu()
            all_hidden.append(hidden)
        kept = list(filter(lambda h: h.abs().sum() > 0, all_hidden))  # expect: CL101
        return torch.stack(kept).mean(0)


def example():
    return LayerPooler(), (torch.randn(2, 8),)
