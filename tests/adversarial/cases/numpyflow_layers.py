"""A layers module in timm's style: DropPath stores its rate as given, and tests it in forward. The blocks of
numpyflow_vit.py hand it elements of a `np.linspace` schedule (numpy.float64), as does this module's example:
compiled, the stored rate is traced as a 0-d array and the comparison is a data-dependent branch (GB0170)."""
import numpy as np
import torch
from torch import nn


def rate_map(depth: int, rate: float) -> np.ndarray:
    return np.linspace(0, rate, depth)


def drop_path(x, drop_prob: float = 0.0, training: bool = False):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    return x * x.new_empty(shape).bernoulli_(keep_prob) / keep_prob


class DropPath(nn.Module):
    def __init__(self, drop_prob: float = 0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if self.drop_prob == 0.0 or not self.training:  # expect: CL101
            return x
        keep_prob = 1 - self.drop_prob
        shape = (x.shape[0],) + (1,) * (x.ndim - 1)
        return x * x.new_empty(shape).bernoulli_(keep_prob) / keep_prob

    def extra_repr(self) -> str:
        return f"drop_prob={round(self.drop_prob, 3):0.3f}"


class Mlp(nn.Module):
    def __init__(self, dim, hidden, drop=0.0):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.drop = nn.Dropout(drop)

    def forward(self, x):
        return self.drop(self.fc2(torch.nn.functional.gelu(self.fc1(x))))


def example():
    dpr = np.linspace(0, 0.2, 3)
    return nn.Sequential(Mlp(8, 16), DropPath(dpr[1]), DropPath(dpr[2])).train(), (torch.randn(2, 8),)
