"""Stochastic depth in eval mode: the early return on `not self.training` keeps the random mask out of the graph,
and the keep-probability test is on a Python float."""
import torch
from torch import nn


def drop_path(x, drop_prob: float = 0.0, training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob: float = 0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class ResBlock(nn.Module):
    def __init__(self, dim=4, drop_path_rate=0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path_rate) if drop_path_rate > 0.0 else nn.Identity()

    def forward(self, x):
        return x + self.drop_path(self.fc(x))


def example():
    return ResBlock().eval(), (torch.randn(2, 4),)
