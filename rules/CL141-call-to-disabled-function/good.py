import torch
from torch import nn


@torch.compiler.disable
def log_stats(x):
    print("mean", x.mean())  # not compiled: the body of a disabled function
    return x


def _clip(x):
    return x.clamp(-1, 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        log_stats(torch.zeros(1))  # __init__ is not compiled

    def forward(self, x):
        h = self.proj(x)
        if not torch.compiler.is_compiling():
            log_stats(h)  # eager only: dynamo never traces this branch
        return _clip(torch.relu(h))


def example():
    return Model(), (torch.randn(2, 8),)
