"""The same tracker averages the 0-d norms with `torch.stack(...).mean()` and uses the standard library's `statistics`
only on Python numbers (the layer widths)."""
import statistics

import torch
from torch import nn


class NormTracker(nn.Module):
    def __init__(self, dim=8, layers=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))
        self.mean_width = statistics.fmean([layer.out_features for layer in self.layers])

    def forward(self, hidden):
        norms = []
        for layer in self.layers:
            hidden = layer(hidden)
            norms.append(hidden.norm())
        mean_norm = torch.stack(norms).mean()
        return hidden / mean_norm * self.mean_width


def example():
    return NormTracker(), (torch.randn(2, 8),)
