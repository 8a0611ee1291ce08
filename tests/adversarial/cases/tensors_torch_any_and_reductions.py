"""`torch.any(...)`, `(x == 0).all()` and a `max(dim=...)` result's `.values` in conditions."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if torch.any(x > 5):  # expect: CL101
            x = x.clamp(max=5)
        best = x.max(dim=1)
        if best.values.sum() > 100:  # expect: CL101
            x = x * 0
        return x


def example():
    return Model(), (torch.randn(2, 3),)
