import torch
from torch import nn


class Head(nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1


@torch.jit.script
def scripted_scale(x):
    return x * 2


def shift(x):
    return x - 1


class Eager(nn.Module):
    def __init__(self, script: bool = False):
        super().__init__()
        self.head = Head()
        # scripted only when asked: which one runs is not known statically, so this is not flagged
        if script:
            self.shift = torch.jit.script(shift)
        else:
            self.shift = shift

    def forward(self, x):
        return self.shift(self.head(scripted_scale(x)))


class Configured(nn.Module):
    # e3nn's spherical harmonics: scripted or not by a setting read when the module is built, here in compiled code
    def __init__(self, mode: str = "eager"):
        super().__init__()
        if mode == "script":
            self.shift = torch.jit.script(shift)
        else:
            self.shift = shift

    def forward(self, x):
        return self.shift(x)


class Builds(nn.Module):
    def __init__(self):
        super().__init__()
        self.eager = Eager()

    def forward(self, x):
        return Configured()(self.eager(x))


def example():
    return Builds(), (torch.randn(2, 8),)
