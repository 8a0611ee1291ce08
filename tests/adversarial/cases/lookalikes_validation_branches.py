"""Validation code on shapes, dtypes, devices and None: raise/warn branches that dynamo evaluates statically."""
import warnings

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(3))
        self.bias = None
        self.norm = nn.LayerNorm(3)

    def forward(self, x, mask=None):
        if x.shape[-1] != self.weight.shape[0]:
            raise ValueError(f"expected width {self.weight.shape[0]}, got {x.shape}")
        if x.dtype not in (torch.float32, torch.float64):
            warnings.warn("casting to float32")  # known-fp: CL131
        if x.device != self.weight.device or self.bias is not None:
            x = x.to(self.weight.device)
        if isinstance(self.norm, nn.LayerNorm) and hasattr(self, "weight") and mask is None:
            x = self.norm(x)
        if not self.training or x.ndim < 2:
            return x * self.weight
        return x


def example():
    return Model().eval(), (torch.randn(2, 3),)
