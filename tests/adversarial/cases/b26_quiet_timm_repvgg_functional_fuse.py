"""The RepVGG block's twin: eval mode fuses the kernels as tensors and runs `F.conv2d`; no module is built."""
import torch
import torch.nn.functional as F
from torch import nn


class RepBlock(nn.Module):
    def __init__(self, ch=2):
        super().__init__()
        self.conv3 = nn.Conv2d(ch, ch, 3, padding=1)
        self.conv1 = nn.Conv2d(ch, ch, 1)

    def _fused_params(self):
        w = self.conv3.weight + F.pad(self.conv1.weight, [1, 1, 1, 1])
        return w, self.conv3.bias + self.conv1.bias

    def forward(self, x):
        if not self.training:
            w, b = self._fused_params()
            return F.conv2d(x, w, b, padding=1).relu()
        return (self.conv3(x) + self.conv1(x)).relu()


def example():
    return RepBlock().eval(), (torch.randn(1, 2, 4, 4),)
