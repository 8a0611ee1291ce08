"""A backbone's forward_features checks its activations for NaN in training and raises."""
import torch
from torch import nn


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.head = nn.Linear(4, 2)
        self.check_finite = True

    def forward_features(self, x):
        x = self.stem(x)
        if self.check_finite and not torch.isfinite(x).all():  # expect: CL101
            raise FloatingPointError("non-finite activations")
        return x

    def forward_head(self, x, pre_logits=False):
        x = x.mean((2, 3))
        return x if pre_logits else self.head(x)

    def forward(self, x):
        return self.forward_head(self.forward_features(x))


def example():
    return Backbone(), (torch.randn(1, 3, 8, 8),)
