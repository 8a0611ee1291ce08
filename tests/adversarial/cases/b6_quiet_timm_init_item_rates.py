"""Stochastic-depth rates computed at construction: `[x.item() for x in torch.linspace(...)]` and a
`.tolist()` of a split run in __init__, never in the compiled forward, which only reads the stored floats
(drop_path with a Python probability)."""
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


class Block(nn.Module):
    def __init__(self, dim, drop_path_rate):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.drop_prob = drop_path_rate

    def forward(self, x):
        return x + drop_path(self.fc(x), self.drop_prob, self.training)


class Stages(nn.Module):
    def __init__(self, dim=4, depths=(1, 2), drop_path_rate=0.2):
        super().__init__()
        dpr = [x.item() for x in torch.linspace(0, drop_path_rate, sum(depths))]
        stage_rates = [r.tolist() for r in torch.linspace(0, drop_path_rate, sum(depths)).split(list(depths))]
        blocks = [Block(dim, rate) for rate in dpr]
        self.blocks = nn.Sequential(*blocks)
        self.stage_rates = stage_rates

    def forward(self, x):
        return self.blocks(x)


def example():
    model = Stages()
    model.train()
    return model, (torch.randn(2, 4),)
