"""A vision library's layers file for batch 27: a LayerScale2d whose forward skips the multiply when every gamma is
zero (a tensor test), a classifier base whose `reset_classifier` builds a new head, and a channel-split helper. Its
example runs the zero-gamma fast path and a head reset in forward."""
import torch
from torch import nn


class LayerScale2d(nn.Module):
    def __init__(self, dim, init_values=1e-5):
        super().__init__()
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        if self.gamma.abs().max() == 0:  # expect: CL101
            return x
        return x * self.gamma.view(1, -1, 1, 1)


class ClassifierMixin:
    """reset_classifier as the library spells it: a new nn.Linear (or Identity) for the head."""

    def reset_classifier(self, num_classes):
        self.num_classes = num_classes
        self.head = nn.Linear(self.num_features, num_classes) if num_classes > 0 else nn.Identity()  # expect: CL145


def split_channels(x, splits, dim=1):
    return torch.split(x, list(splits), dim=dim)


class _LayersDemo(ClassifierMixin, nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.num_features = dim
        self.ls = LayerScale2d(dim, init_values=0.0)
        self.reset_classifier(2)

    def forward(self, x, num_classes: int = 4):
        x = self.ls(x)
        if num_classes != self.num_classes:
            self.reset_classifier(num_classes)
        return self.head(x.mean((2, 3)))


def example():
    return _LayersDemo(), (torch.randn(2, 3, 4, 4),)
