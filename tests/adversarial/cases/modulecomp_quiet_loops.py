"""Blocks that break, run in ways dynamo resumes after the inner break: `enumerate` over the ModuleList, a Python
list of modules; and a comprehension over blocks that do not break. (A `for` statement over breaking blocks is
resumed too, but the break in a loop makes dynamo run the whole frame eagerly, and then compile each comprehension
frame on its own, where iterating the list breaks: GB4347 on every comprehension line; left for another case.)"""
import torch
from torch import nn


class Noisy(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x) * x.std().item()  # expect: CL111


class Clean(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x).relu()


class Mixed(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.blocks = nn.ModuleList([Noisy(dim), Noisy(dim)])
        self.clean = nn.ModuleList([Clean(dim), Clean(dim)])
        self.plain = [Noisy(dim), Noisy(dim)]

    def forward(self, x):
        firsts = [block(x) for i, block in enumerate(self.blocks)]
        seconds = [block(x) for block in self.plain]
        thirds = [block(x) for block in self.clean]
        return torch.stack(firsts + seconds + thirds).sum(0)


def example():
    return Mixed(), (torch.randn(2, 8),)
