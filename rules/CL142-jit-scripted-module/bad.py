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


def example():
    return Scripted(), (torch.randn(2, 8),)
