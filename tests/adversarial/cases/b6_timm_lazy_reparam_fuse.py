"""A re-parameterizable block (RepVGG/MobileOne style) that fuses its branches lazily: the first eval-mode
forward builds the fused conv with a helper and stores it. Building an nn.Conv2d inside the compiled forward
breaks, in the helper that constructs it."""
import torch
from torch import nn


def fuse_conv_bn(conv, bn):
    fused = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, padding=conv.padding, bias=True)  # expect: CL145
    std = (bn.running_var + bn.eps).sqrt()
    fused.weight.data = conv.weight * (bn.weight / std).reshape(-1, 1, 1, 1)
    fused.bias.data = bn.bias - bn.running_mean * bn.weight / std
    return fused


class RepBlock(nn.Module):
    def __init__(self, channels=2):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(channels)
        self.fused = None

    def forward(self, x):
        if self.training:
            return torch.relu(self.bn(self.conv(x)))
        if self.fused is None:
            self.fused = fuse_conv_bn(self.conv, self.bn)
        return torch.relu(self.fused(x))


def example():
    return RepBlock().eval(), (torch.randn(1, 2, 4, 4),)
