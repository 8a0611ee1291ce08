import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        scale = x.abs().amax(dim=-1, keepdim=True)
        return self.proj(x) / scale


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(3)])

    def forward(self, x):
        outs = [block(x) for block in self.blocks]
        gates = torch.stack([torch.sigmoid(block.proj.bias).mean() for block in self.blocks])
        return torch.stack(outs).sum(0) * gates.sum()


def example():
    return Stack(), (torch.randn(2, 8),)
