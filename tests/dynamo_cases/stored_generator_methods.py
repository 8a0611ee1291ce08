"""A method of a `torch.Generator` the module keeps (made in `__init__`) breaks where compiled code calls it (GB7650),
as a method of one made in the frame does; a project object kept under the same attribute name in another class,
with a method of the same name, is no Generator and compiles."""
import torch
from torch import nn


class Reseeded(nn.Module):
    def __init__(self, key=7):
        super().__init__()
        self.key = key
        self.rng = torch.Generator()

    def forward(self, x, step: int):
        self.rng.manual_seed(self.key * step)  # expect: CL134
        return x + torch.randn(x.shape, generator=self.rng)  # expect: CL134


class Seeds:
    def __init__(self):
        self.seed = 0

    def manual_seed(self, seed):
        self.seed = seed
        return self


class Bookkeeping(nn.Module):
    def __init__(self):
        super().__init__()
        self.rng = Seeds()

    def forward(self, x, step: int):
        self.rng.manual_seed(step)
        return x * 2


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.reseeded = Reseeded()
        self.bookkeeping = Bookkeeping()

    def forward(self, x):
        return self.bookkeeping(x, 3) + self.reseeded(x, 3)


def example():
    return Both(), (torch.randn(2, 4),)
