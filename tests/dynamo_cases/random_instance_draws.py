"""Draws of a `random.Random` kept on the module are replayed as 0-d tensors, like the module's `random.randint` /
`uniform`: testing one breaks (GB0170), slicing by one (GB0124), Python arithmetic with a number (GB0213); a tensor
times one compiles. A method named `random` of another object is a plain call."""
import random

import torch
from torch import nn


class Coin:
    def random(self):
        return 0.25


class Augment(nn.Module):
    def __init__(self, seed=0):
        super().__init__()
        self.rng = random.Random(seed)
        self.coin = Coin()

    def scale(self, x):
        return x * self.rng.random()

    def maybe_flip(self, x):
        if self.rng.random() > 0.1:  # expect: CL101
            x = x.flip(-1)
        if self.coin.random() > 0.5:
            x = x * 2
        return x

    def crop(self, x):
        k = self.rng.randint(1, 3)
        return x[:, :k]  # expect: CL114

    def jitter(self, x):
        s = self.rng.uniform(0.5, 1.5) * 2  # expect: CL133
        return x * s

    def forward(self, x):
        return self.jitter(self.crop(self.maybe_flip(self.scale(x))))


def example():
    return Augment(), (torch.randn(2, 4),)
