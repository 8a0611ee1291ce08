"""A model base class overrides `__call__` to reject non-finite inputs before `nn.Module.__call__` runs forward."""
import torch
from torch import nn


class CheckedModule(nn.Module):
    def __call__(self, x, *args, **kwargs):
        if not torch.isfinite(x).all():  # expect: CL101
            raise ValueError("non-finite input")
        return super().__call__(x, *args, **kwargs)


class TinyNet(CheckedModule):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, 2)

    def forward(self, x):
        return self.fc(x)


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = TinyNet()

    def forward(self, x):
        return self.net(x * 2)


def example():
    return Wrapper(), (torch.randn(3, 4),)
