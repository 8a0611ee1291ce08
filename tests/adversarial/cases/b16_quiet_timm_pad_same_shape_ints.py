"""'Same' padding computed in forward from the input's size through the imported helpers: math.ceil and
builtin max of Python ints."""
import torch
from torch import nn

from b16_quiet_timm_layers import get_same_padding, pad_same


class Conv2dSame(nn.Conv2d):
    def forward(self, x):
        x = pad_same(x, self.kernel_size, self.stride, self.dilation)
        return self._conv_forward(x, self.weight, self.bias)


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = Conv2dSame(3, 8, 3, stride=2, padding=0)

    def forward(self, x):
        extra = get_same_padding(x.shape[-1], 3, 2)
        return self.conv(x) + extra


def example():
    return Stem(), (torch.randn(2, 3, 9, 9),)
