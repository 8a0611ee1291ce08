"""timm-style drop_path: a per-sample keep mask from `x.new_empty(shape).bernoulli_()` or `torch.rand`,
under `if self.training and self.drop_prob > 0`."""
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


def drop_path_rand(x, drop_prob, training):
    keep_prob = 1 - drop_prob
    random_tensor = keep_prob + torch.rand((x.shape[0], 1), dtype=x.dtype, device=x.device)
    return x.div(keep_prob) * random_tensor.floor_()


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class Block(nn.Module):
    def __init__(self, drop=0.1):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.drop_path = DropPath(drop) if drop > 0.0 else nn.Identity()
        self.drop_prob = drop

    def forward(self, x):
        x = x + self.drop_path(self.fc(x))
        if self.training and self.drop_prob > 0:
            x = drop_path_rand(x, self.drop_prob, self.training)
        return x


def example():
    return Block().train(), (torch.randn(3, 4),)
