"""A helper's parameter is a tensor in one compiled call and unknown in another (an item of a module-level
dict): the finding on the parameter holds, since dynamo breaks in the call that passes the tensor."""
import torch
from torch import nn

OFFSETS = {"bias": torch.zeros(4)}


def clip(t):
    if t.abs().max() > 1:  # expect: CL101
        return t / 2
    return t


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        h = clip(self.lin(x))
        return h + clip(OFFSETS["bias"])


def example():
    return Net(), (torch.randn(2, 4),)
