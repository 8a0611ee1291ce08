"""A LayerNorm2d ported from a checkpoint that stored its epsilon as a buffer; forward hands `float(self.eps)` to
`F.layer_norm`."""
import torch
import torch.nn.functional as F
from torch import nn


class LayerNorm2d(nn.LayerNorm):
    def __init__(self, channels=4, eps=1e-6):
        super().__init__(channels)
        del self.eps
        self.register_buffer("eps", torch.tensor(eps))

    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, float(self.eps))  # expect: CL111
        return x.permute(0, 3, 1, 2)


def example():
    return LayerNorm2d(), (torch.randn(1, 4, 2, 2),)
