"""A padding helper registered as an FX leaf with `torch.fx.wrap` (for feature extraction) is called from forward;
the registration only matters to FX symbolic tracing."""
import torch
import torch.fx
import torch.nn.functional as F
from torch import nn


def pad_same(x, k: int, s: int):
    ih, iw = x.shape[-2:]
    pad_h = max((-(ih // -s) - 1) * s + k - ih, 0)
    pad_w = max((-(iw // -s) - 1) * s + k - iw, 0)
    return F.pad(x, [pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2])


torch.fx.wrap("pad_same")


class Conv2dSame(nn.Conv2d):
    def forward(self, x):
        return F.conv2d(pad_same(x, self.kernel_size[0], self.stride[0]), self.weight, self.bias, self.stride)


def example():
    return Conv2dSame(3, 3, 3, stride=2), (torch.randn(2, 3, 5, 5),)
