import torch
from torch import nn


def reset(net):
    global has_linear
    has_linear = False
    for m in net.children():
        if isinstance(m, nn.Linear):
            has_linear = True


def _gain():
    if has_linear:  # expect: CL180
        return 1.0
    return 2.0


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        reset(self)
        return _gain() * self.fc(x)


def example():
    return Net(), (torch.randn(2, 3),)
