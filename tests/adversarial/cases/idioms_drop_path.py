"""timm's drop_path / DropPath and stochastic depth: Python floats and a bernoulli_ mask, no breaks."""
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
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)

    def extra_repr(self):
        return f"drop_prob={round(self.drop_prob, 3):0.3f}"


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Linear(4, 4)
        self.drop_path = DropPath(0.1)
        self.gamma = nn.Parameter(1e-5 * torch.ones(4))

    def forward(self, x):
        return x + self.drop_path(self.gamma * self.mlp(x))


def example():
    return Block().train(), (torch.randn(3, 4),)
