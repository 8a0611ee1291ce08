"""A generator method yields the feature maps that carry any signal; forward sums what it yields."""
import torch
from torch import nn


class SparseFuse(nn.Module):
    def __init__(self, dim=4, n=3):
        super().__init__()
        self.branches = nn.ModuleList([nn.Linear(dim, dim) for _ in range(n)])

    def _active(self, feats):
        for f in feats:
            if f.abs().sum() > 0:  # expect: CL101
                yield f

    def forward(self, x):
        feats = []
        for b in self.branches:
            feats.append(b(x).relu())
        out = x.new_zeros(x.shape)
        for f in self._active(feats):
            out = out + f
        return out


def example():
    return SparseFuse(), (torch.randn(2, 4),)
