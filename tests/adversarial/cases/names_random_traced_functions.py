"""`random.randint` / `random.uniform` are replayed by dynamo; `random.random` is not."""
import random

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        k = random.randint(1, 3)
        scale = random.uniform(0.5, 1.5)
        return x * k * scale


def example():
    return Model(), (torch.randn(2, 3),)
