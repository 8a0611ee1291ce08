"""`torch.Tensor.item(t)` and `getattr(t, "tolist")()`: tensor methods called unbound or by name."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        s = torch.Tensor.item(h.sum())  # expect: CL111
        return h / s


def example():
    return Model(), (torch.randn(2, 3),)
