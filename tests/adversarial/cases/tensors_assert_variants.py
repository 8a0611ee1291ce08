"""`assert` on a tensor compiles; with a message that formats a tensor it breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        assert x.shape[-1] == 3, f"bad width {x.shape}"
        assert (x.abs() < 1e6).all(), "values out of range"
        assert x.sum() > -1e6, f"sum was {x.sum()}"  # expect: CL101
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
