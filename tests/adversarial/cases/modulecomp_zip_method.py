"""Per-level encoders zipped with their inputs; each level's `encode` method checks its input in Python."""
import torch
from torch import nn


class Level(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def encode(self, x):
        if x.abs().max() > 10:  # expect: CL101
            x = x.clamp(-10, 10)
        return self.proj(x)

    def forward(self, x):
        return self.encode(x)


class Pyramid(nn.Module):
    def __init__(self, dim=8, levels=3):
        super().__init__()
        self.levels = nn.ModuleList(Level(dim) for _ in range(levels))

    def forward(self, xs):
        feats = [level.encode(x) for level, x in zip(self.levels, xs)]  # expect: CL165
        return torch.cat(feats, dim=0)


def example():
    return Pyramid(), ([torch.randn(2, 8) for _ in range(3)],)
