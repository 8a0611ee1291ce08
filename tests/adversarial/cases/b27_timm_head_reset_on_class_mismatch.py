"""A classifier inherits `reset_classifier` from the layers file's mixin and calls it in forward when the labels
name more classes than the head has: a module built inside the compiled region (in the mixin's file)."""
import torch
from torch import nn

from b27_timm_layers import ClassifierMixin


class TinyNet(ClassifierMixin, nn.Module):
    def __init__(self, num_features=4, num_classes=2):
        super().__init__()
        self.num_features = num_features
        self.stem = nn.Linear(4, num_features)
        self.reset_classifier(num_classes)

    def forward(self, x, num_classes: int = 3):
        if num_classes != self.num_classes:
            self.reset_classifier(num_classes)
        return self.head(self.stem(x))


def example():
    return TinyNet(), (torch.randn(2, 4),)
