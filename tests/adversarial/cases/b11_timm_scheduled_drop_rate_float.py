"""Scheduled drop path: the training loop writes the schedule's progress into a buffer (so it is saved with
the weights) and each block scales its drop rate by it, reading the buffer back as a float."""
import torch
from torch import nn

from b11_quiet_timm_layers import drop_path


class ScheduledDropPath(nn.Module):
    def __init__(self, max_rate=0.2):
        super().__init__()
        self.max_rate = max_rate
        self.register_buffer("progress", torch.tensor(0.5), persistent=True)

    def current_rate(self):
        return self.max_rate * float(self.progress)  # expect: CL111

    def forward(self, x):
        return drop_path(x, self.current_rate(), self.training)


class ResBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.conv1 = nn.Conv2d(dim, dim, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(dim)
        self.act = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(dim, dim, 3, padding=1)
        self.drop_path = ScheduledDropPath()

    def forward(self, x):
        shortcut = x
        x = self.act(self.bn1(self.conv1(x)))
        return self.act(shortcut + self.drop_path(self.conv2(x)))


def example():
    return ResBlock(4), (torch.randn(2, 4, 6, 6),)
