"""DropBlock's twin: the scheduler writes a Python float attribute, tested the same way (a guard, no tensor)."""
import torch
import torch.nn.functional as F
from torch import nn


class DropBlock2d(nn.Module):
    def __init__(self, drop_prob=0.1, block_size=3):
        super().__init__()
        self.block_size = block_size
        self.drop_prob = drop_prob

    def forward(self, x):
        if not self.training or not self.drop_prob:
            return x
        _, _, h, w = x.shape
        gamma = self.drop_prob * h * w / self.block_size ** 2 / ((h - self.block_size + 1) * (w - self.block_size + 1))
        mask = (torch.rand_like(x) < gamma).to(x.dtype)
        block = F.max_pool2d(mask, self.block_size, stride=1, padding=self.block_size // 2)
        return x * (1 - block) * block.numel() / (1 - block).sum().clamp(min=1.0)


def example():
    return DropBlock2d().train(), (torch.randn(1, 2, 5, 5),)
