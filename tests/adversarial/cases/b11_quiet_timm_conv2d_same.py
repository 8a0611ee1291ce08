"""TF-style "same" convolution: the padding is computed from the input's spatial size with `math.ceil` and
builtin `max` on ints, then applied with `F.pad`; static and dynamic padding chosen in the constructor."""
import torch
import torch.nn.functional as F
from torch import nn

from b11_quiet_timm_layers import get_same_padding, pad_same, to_2tuple


def is_static_pad(kernel_size, stride=1, dilation=1):
    return stride == 1 and (dilation * (kernel_size - 1)) % 2 == 0


def get_padding_value(padding, kernel_size, stride=1, dilation=1):
    dynamic = False
    if isinstance(padding, str):
        padding = padding.lower()
        if padding == "same":
            if is_static_pad(kernel_size, stride=stride, dilation=dilation):
                padding = ((stride - 1) + dilation * (kernel_size - 1)) // 2
            else:
                padding = 0
                dynamic = True
        elif padding == "valid":
            padding = 0
    return padding, dynamic


class Conv2dSame(nn.Conv2d):
    def forward(self, x):
        x = pad_same(x, self.kernel_size, self.stride, self.dilation)
        return F.conv2d(x, self.weight, self.bias, self.stride, (0, 0), self.dilation, self.groups)


def create_conv2d(in_chs, out_chs, kernel_size, stride=1, padding="same"):
    padding, is_dynamic = get_padding_value(padding, kernel_size, stride=stride)
    if is_dynamic:
        return Conv2dSame(in_chs, out_chs, kernel_size, stride=stride, padding=0)
    return nn.Conv2d(in_chs, out_chs, kernel_size, stride=stride, padding=padding)


class MaxPool2dSame(nn.MaxPool2d):
    def forward(self, x):
        k, s = to_2tuple(self.kernel_size), to_2tuple(self.stride)
        pad_h = get_same_padding(x.shape[-2], k[0], s[0])
        pad_w = get_same_padding(x.shape[-1], k[1], s[1])
        x = F.pad(x, (pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2), value=-float("inf"))
        return F.max_pool2d(x, self.kernel_size, self.stride, 0, self.dilation, self.ceil_mode)


class EfficientStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = create_conv2d(3, 4, 3, stride=2)
        self.conv_static = create_conv2d(4, 4, 3, stride=1)
        self.pool = MaxPool2dSame(3, 2)

    def forward(self, x):
        return self.pool(self.conv_static(self.conv(x)))


def example():
    return EfficientStem(), (torch.randn(2, 3, 11, 13),)
