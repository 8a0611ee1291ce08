"""A vision transformer builds its stochastic-depth schedule in `__init__` with `[x.item() for x in
torch.linspace(...)]` and hands each block its Python rate; forward only reads the Python rate and the training flag."""
import torch
from torch import nn


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        if self.drop_prob == 0.0 or not self.training:
            return x
        keep_prob = 1 - self.drop_prob
        random_tensor = x.new_empty((x.shape[0],) + (1,) * (x.ndim - 1)).bernoulli_(keep_prob)
        return x * random_tensor / keep_prob


class Block(nn.Module):
    def __init__(self, dim, drop_path):
        super().__init__()
        self.mlp = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path)

    def forward(self, x):
        return x + self.drop_path(self.mlp(x))


class VisionTransformer(nn.Module):
    def __init__(self, dim=8, depth=3, drop_path_rate=0.1):
        super().__init__()
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.Sequential(*[Block(dim, dpr[i]) for i in range(depth)])

    def forward(self, x):
        return self.blocks(x)


def example():
    return VisionTransformer(), (torch.randn(2, 4, 8),)
