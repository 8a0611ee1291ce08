"""A layer looks up its position among named stages with list.index, falling back in an except handler when
the name is missing; the result picks a Python scale."""
import torch
from torch import nn


class NamedStages(nn.Module):
    def __init__(self, dim=4, names=("stem", "stage1", "stage2"), scales=(1.0, 0.5, 0.25)):
        super().__init__()
        self.names = list(names)
        self.scales = list(scales)
        self.lin = nn.Linear(dim, dim)

    def scale_for(self, name):
        try:
            idx = self.names.index(name)
        except ValueError:
            idx = -1
        return self.scales[idx]

    def forward(self, x):
        return self.lin(x) * self.scale_for("stage1") + x * self.scale_for("head")


def example():
    return NamedStages(), (torch.randn(2, 4),)
