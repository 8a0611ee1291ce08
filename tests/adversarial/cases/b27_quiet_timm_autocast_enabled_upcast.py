"""A norm layer upcasts when autocast is on, testing `torch.is_autocast_enabled()` and the input dtype."""
import torch
import torch.nn.functional as F
from torch import nn


class FastLayerNorm(nn.LayerNorm):
    def forward(self, x):
        if torch.is_autocast_enabled() or x.dtype != torch.float32:
            x = x.float()
        return F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)


def example():
    return FastLayerNorm(4), (torch.randn(2, 3, 4),)
