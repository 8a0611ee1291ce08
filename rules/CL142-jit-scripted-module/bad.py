import torch
from torch import nn


class Head(nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1


class Scripted(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.jit.script(Head())

    def forward(self, x):
        if torch.jit.isinstance(x, torch.Tensor):  # expect: CL142
            x = x + 1
        return self.head(x * 2)  # expect: CL142


class TracedOnFirstCall(nn.Module):
    # sockeye's decode step: traced (and part of it scripted) the first time forward runs
    def __init__(self):
        super().__init__()
        self.head = Head()
        self.tail = Head()

    def forward(self, x):
        traced = torch.jit.trace(self.head, (x,))  # expect: CL142
        scripted = torch.jit.script(self.tail)  # expect: CL142
        return traced(x) + scripted(x)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.scripted = Scripted()
        self.traced = TracedOnFirstCall()

    def forward(self, x):
        return self.scripted(x) + self.traced(x)


def example():
    return Both(), (torch.randn(2, 8),)
