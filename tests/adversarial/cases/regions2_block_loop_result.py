"""A stack of project blocks in an nn.ModuleList, run in a loop and by index: what the loop leaves in `h` is what
the blocks' forward returns, a tensor, so testing it afterwards is a data-dependent branch."""
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x)


class Stack(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.head = nn.ModuleList([Block(dim)])

    def forward(self, x):
        h = torch.tanh(x)
        for block in self.blocks:
            h = block(h)
        if h.sum() > 0:  # expect: CL101
            h = h * 2
        out = self.head[0](torch.tanh(x))
        if out.mean() > 0:  # expect: CL101
            out = out - 1
        return h, out


def example():
    return Stack(), (torch.randn(2, 8),)
