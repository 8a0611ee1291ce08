"""The classifier twin: `reset_classifier` (from the layers file's mixin) runs only in __init__; forward just checks
the requested class count against the head's in an assert on Python ints."""
import torch
from torch import nn

from b27_timm_layers import ClassifierMixin


class TinyNet(ClassifierMixin, nn.Module):
    def __init__(self, num_features=4, num_classes=3):
        super().__init__()
        self.num_features = num_features
        self.stem = nn.Linear(4, num_features)
        self.reset_classifier(num_classes)

    def forward(self, x, num_classes: int = 3):
        assert num_classes == self.num_classes, "call reset_classifier() before changing the class count"
        return self.head(self.stem(x))


def example():
    return TinyNet(), (torch.randn(2, 4),)
