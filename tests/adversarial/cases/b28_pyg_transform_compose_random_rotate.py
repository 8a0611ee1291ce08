"""A point-cloud model augments positions in training with a `Compose` of transforms (a class calling each
transform in a loop); `RandomRotate` draws its angle with `random.uniform` and builds the rotation with
`math.sin` / `math.cos`."""
import math
import random

import torch
from torch import nn


class NormalizeScale:
    def __call__(self, pos):
        pos = pos - pos.mean(dim=0, keepdim=True)
        return pos * (1 / pos.abs().max()) * 0.999999


class RandomRotate:
    def __init__(self, degrees, axis=2):
        self.degrees = (-abs(degrees), abs(degrees))
        self.axis = axis

    def __call__(self, pos):
        degree = math.pi * random.uniform(*self.degrees) / 180.0  # known-miss: CL133
        sin, cos = math.sin(degree), math.cos(degree)
        matrix = torch.tensor([[cos, sin, 0.0], [-sin, cos, 0.0], [0.0, 0.0, 1.0]], dtype=pos.dtype)
        return pos @ matrix


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, pos):
        for transform in self.transforms:
            pos = transform(pos)
        return pos


class PointNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.augment = Compose([NormalizeScale(), RandomRotate(15, axis=2)])
        self.mlp = nn.Linear(3, 4)

    def forward(self, pos):
        if self.training:
            pos = self.augment(pos)
        return self.mlp(pos).max(dim=0).values


def example():
    return PointNet().train(), (torch.randn(5, 3),)
