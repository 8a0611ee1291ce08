"""A method decorated with `torch._dynamo.disable`, called from forward."""
import torch
import torch._dynamo
from torch import nn


class Model(nn.Module):
    @torch._dynamo.disable
    def _check(self, x):
        print("checked", x.sum().item())
        return x

    def forward(self, x):
        h = x * 2
        h = self._check(h)  # expect: CL141
        return h + 1


def example():
    return Model(), (torch.randn(2, 3),)
