import torch
from compilelint import Example
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.norm = nn.LayerNorm(8)

    def forward(self, x):
        return self.norm(x + torch.relu(self.proj(x)))


def example():
    model = torch.compile(Net(), backend="eager")  # expect: CL305
    return Example(model, (torch.randn(2, 8),), compiles_itself=True)
