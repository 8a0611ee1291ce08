"""A RepVGG-style block re-parameterises itself lazily: the first eval-mode forward calls `_fuse()`, which builds
the fused `nn.Conv2d`."""
import torch
from torch import nn


class RepBlock(nn.Module):
    def __init__(self, ch=2):
        super().__init__()
        self.conv3 = nn.Conv2d(ch, ch, 3, padding=1)
        self.conv1 = nn.Conv2d(ch, ch, 1)
        self.fused = None

    def _fuse(self):
        w = self.conv3.weight + nn.functional.pad(self.conv1.weight, [1, 1, 1, 1])
        conv = nn.Conv2d(w.shape[1], w.shape[0], 3, padding=1)  # expect: CL145
        conv.weight.data.copy_(w.detach())
        conv.bias.data.copy_((self.conv3.bias + self.conv1.bias).detach())
        self.fused = conv

    def forward(self, x):
        if not self.training:
            if self.fused is None:
                self._fuse()
            return self.fused(x).relu()
        return (self.conv3(x) + self.conv1(x)).relu()


def example():
    return RepBlock().eval(), (torch.randn(1, 2, 4, 4),)
