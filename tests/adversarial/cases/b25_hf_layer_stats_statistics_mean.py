"""A debugging aid records each layer's activation norm as a 0-d tensor and averages them with the standard library's
`statistics.fmean`, the way a quick analysis script would."""
import statistics

import torch
from torch import nn


class NormTracker(nn.Module):
    def __init__(self, dim=8, layers=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))
        self.mean_norm = None

    def forward(self, hidden):
        norms = []
        for layer in self.layers:
            hidden = layer(hidden)
            norms.append(hidden.norm())
        self.mean_norm = statistics.fmean(norms)  # expect: CL111
        return hidden


def example():
    return NormTracker(), (torch.randn(2, 8),)
