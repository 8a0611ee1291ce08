"""An `enum.Flag` of post-processing modes combined with `|`; forward tests membership with `&` (Python enum
values)."""
import enum

import torch
from torch import nn


class Post(enum.Flag):
    NONE = 0
    CLAMP = enum.auto()
    NORM = enum.auto()


class PostProcessed(nn.Module):
    def __init__(self, dim=4, post=Post.CLAMP | Post.NORM):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.post = post

    def forward(self, x):
        y = self.lin(x)
        if self.post & Post.CLAMP:
            y = y.clamp(-1, 1)
        if Post.NORM in self.post:
            y = y / y.norm(dim=-1, keepdim=True).clamp(min=1e-6)
        return y


def example():
    return PostProcessed(), (torch.randn(2, 4),)
