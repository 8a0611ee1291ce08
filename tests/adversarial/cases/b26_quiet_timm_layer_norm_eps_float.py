"""The LayerNorm2d's twin: nn.LayerNorm's own float epsilon, passed through `float()` as the port did."""
import torch
import torch.nn.functional as F
from torch import nn


class LayerNorm2d(nn.LayerNorm):
    def __init__(self, channels=4, eps=1e-6):
        super().__init__(channels, eps=eps)

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, float(self.eps))
        return x.permute(0, 3, 1, 2)


def example():
    return LayerNorm2d(), (torch.randn(1, 4, 2, 2),)
