"""Weight-standardised convolution (NFNet's ScaledStdConv2d): the weight is normalised per output channel by
running `F.batch_norm` over the reshaped weight with `training=True` and no running stats, scaled by a learned
gain and a Python constant computed from the fan-in."""
import math

import torch
from torch import nn
from torch.nn import functional as F


class ScaledStdConv2d(nn.Conv2d):
    def __init__(self, in_channels, out_channels, kernel_size, gamma=1.0, eps=1e-6, gain_init=1.0):
        super().__init__(in_channels, out_channels, kernel_size, padding=kernel_size // 2)
        self.gain = nn.Parameter(torch.full((self.out_channels, 1, 1, 1), gain_init))
        self.scale = gamma * self.weight[0].numel() ** -0.5
        self.eps = eps

    def forward(self, x):
        weight = F.batch_norm(
            self.weight.reshape(1, self.out_channels, -1), None, None,
            weight=(self.gain * self.scale).view(-1),
            training=True, momentum=0.0, eps=self.eps).reshape_as(self.weight)
        return F.conv2d(x, weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class NFStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = ScaledStdConv2d(3, 4, 3, gamma=math.sqrt(2.0))
        self.act_gamma = 1.7139

    def forward(self, x):
        return F.gelu(self.conv(x)) * self.act_gamma


def example():
    return NFStem(), (torch.randn(1, 3, 6, 6),)
