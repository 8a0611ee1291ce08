import torch
from torch import nn


def has_linear(net):
    return any(isinstance(m, nn.Linear) for m in net.children())


def _gain(linear):
    if linear:
        return 1.0
    return 2.0


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        linear = has_linear(self)
        return _gain(linear) * self.fc(x)


def example():
    return Net(), (torch.randn(2, 3),)
