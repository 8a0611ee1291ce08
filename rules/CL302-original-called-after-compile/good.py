import torch
from compilelint import Example
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.proj(x))


def example():
    model = Net()
    fast = torch.compile(model, backend="eager")

    def step(x):
        return fast(x)

    return Example(step, (torch.randn(2, 8),), compiles_itself=True)
