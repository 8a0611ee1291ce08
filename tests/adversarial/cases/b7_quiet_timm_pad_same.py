"""TF-style 'same' padding computed at run time from the input's spatial size with `math.ceil` and `max`
(Python ints of shapes), applied only when needed; the conv class overrides forward to call it."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def get_same_padding(x: int, kernel_size: int, stride: int, dilation: int):
    return max((math.ceil(x / stride) - 1) * stride + (kernel_size - 1) * dilation + 1 - x, 0)


def pad_same(x, kernel_size, stride, dilation=(1, 1), value=0):
    ih, iw = x.size()[-2:]
    pad_h = get_same_padding(ih, kernel_size[0], stride[0], dilation[0])
    pad_w = get_same_padding(iw, kernel_size[1], stride[1], dilation[1])
    if pad_h > 0 or pad_w > 0:
        x = F.pad(x, (pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2), value=value)
    return x


class Conv2dSame(nn.Conv2d):
    def forward(self, x):
        x = pad_same(x, self.kernel_size, self.stride, self.dilation)
        return F.conv2d(x, self.weight, self.bias, self.stride, (0, 0), self.dilation, self.groups)


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = Conv2dSame(3, 4, 3, stride=2)

    def forward(self, x):
        return self.conv(x).relu()


def example():
    return Stem(), (torch.randn(1, 3, 5, 5),)
