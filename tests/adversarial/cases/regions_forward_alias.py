"""`forward = _forward_impl`: the implementation runs as forward."""
import torch
from torch import nn


class Model(nn.Module):
    def _forward_impl(self, x):
        h = x * 2
        return h[h > 0]  # expect: CL122

    forward = _forward_impl


def example():
    return Model(), (torch.randn(2, 3),)
