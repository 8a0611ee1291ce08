"""TF-'same' padding computed from the input size with math.ceil, and a padded conv / pool using it."""
import math
from typing import List, Tuple

import torch
from torch import nn
import torch.nn.functional as F


def get_same_padding(x: int, kernel_size: int, stride: int, dilation: int):
    return max((math.ceil(x / stride) - 1) * stride + (kernel_size - 1) * dilation + 1 - x, 0)


def pad_same(x, kernel_size: List[int], stride: List[int], dilation: Tuple[int, int] = (1, 1), value: float = 0):
    ih, iw = x.size()[-2:]
    pad_h = get_same_padding(ih, kernel_size[0], stride[0], dilation[0])
    pad_w = get_same_padding(iw, kernel_size[1], stride[1], dilation[1])
    x = F.pad(x, (pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2), value=value)
    return x


class Conv2dSame(nn.Conv2d):
    def forward(self, x):
        x = pad_same(x, self.kernel_size, self.stride, self.dilation)
        return F.conv2d(x, self.weight, self.bias, self.stride, (0, 0), self.dilation, self.groups)


class MaxPool2dSame(nn.MaxPool2d):
    def forward(self, x):
        x = pad_same(x, (self.kernel_size, self.kernel_size), (self.stride, self.stride), value=-float("inf"))
        return F.max_pool2d(x, self.kernel_size, self.stride, (0, 0), self.dilation, self.ceil_mode)


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = Conv2dSame(3, 4, 3, stride=2)
        self.pool = MaxPool2dSame(3, stride=2)

    def forward(self, x):
        return self.pool(self.conv(x))


def example():
    return Stem(), (torch.randn(1, 3, 9, 7),)
