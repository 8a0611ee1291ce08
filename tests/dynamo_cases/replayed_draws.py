"""Draws of Python's `random` that dynamo replays (randint, randrange, uniform) are 0-d tensors of the graph: read
as a Python number they break, until a graph break hands them to the resume function as the numbers they are.
routing_transformer's truncate_sequence slices with `random.randint(2, t)` (held-out 16)."""

import random

import torch
from torch import nn


class Truncate(nn.Module):
    def forward(self, inputs):
        b, t = inputs.shape
        rand_length = random.randint(2, t)
        return inputs[:, :rand_length]  # expect: CL114


class Flip(nn.Module):
    def forward(self, x):
        if random.uniform(0, 1) > 0.5:  # expect: CL101
            return -x
        return x


class Grow(nn.Module):
    def forward(self, x):
        extra = torch.zeros(random.randrange(1, 4), x.shape[1])  # expect: CL124
        return torch.cat([x, extra])


class Scale(nn.Module):
    def forward(self, x):
        return x * random.uniform(0.5, 1.5)


class AfterBreak(nn.Module):
    def forward(self, x):
        keep = random.randint(1, x.shape[1])
        print("cropping")  # expect: CL131
        return x[:, :keep]


class Augment(nn.Module):
    def __init__(self):
        super().__init__()
        self.truncate = Truncate()
        self.flip = Flip()
        self.grow = Grow()
        self.scale = Scale()
        self.after_break = AfterBreak()

    def forward(self, x):
        return (self.truncate(x).sum() + self.flip(x).sum() + self.grow(x).sum() + self.scale(x).sum()
                + self.after_break(x).sum())


def example():
    return Augment(), (torch.randn(4, 6),)
