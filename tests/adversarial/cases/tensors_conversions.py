"""`int()` / `bool()` / `float()` of tensors break; of shapes they do not."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        width = int(x.shape[-1])
        best = int(x.argmax())  # expect: CL111
        scale = float(x.abs().max())  # expect: CL111
        return x * width + best + scale


def example():
    return Model(), (torch.randn(2, 3),)
