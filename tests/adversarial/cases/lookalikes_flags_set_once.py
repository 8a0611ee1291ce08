"""Flags the project only ever sets to one literal: a class-level default, a cache slot only ever None, a mode
string and a warned flag already True. Dynamo guards each as a constant and never traces the branches they close."""
import warnings

import torch
from torch import nn


class Block(nn.Module):
    debug = False

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.cache = None
        self.mode = "train-free"
        self._warned = True

    def forward(self, x, mask=None):
        if self.debug:
            print("block input", x.shape, x.sum().item())
        if mask is None and not self._warned:
            warnings.warn("no mask given")
            self._warned = True
        if not self.mode:
            raise RuntimeError(f"no mode for {x.sum().item()}")
        y = self.proj(x)
        return y + self.cache if self.cache is not None else y


def example():
    return Block(), (torch.randn(2, 4),)
