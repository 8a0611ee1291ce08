"""The usual stochastic-depth decay rule: `.item()` of each linspace element in __init__, so each block's
drop probability is a Python float when the imported DropPath compares it."""
import torch
from torch import nn

from b16_quiet_timm_layers import DropPath


class Block(nn.Module):
    def __init__(self, dim, drop_path_rate):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path_rate) if drop_path_rate > 0.0 else nn.Identity()

    def forward(self, x):
        return x + self.drop_path(self.fc(x))


class Net(nn.Module):
    def __init__(self, dim=8, depth=3, drop_path_rate=0.1):
        super().__init__()
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.Sequential(*[Block(dim, dpr[i]) for i in range(depth)])

    def forward(self, x):
        return self.blocks(x)


def example():
    return Net(), (torch.randn(2, 4, 8),)
