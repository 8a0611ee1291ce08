"""An abstract scorer (abc.ABC) defines `forward` through an abstract `score`; the concrete subclass turns the
norm into a Python float to pick the temperature."""
import abc

import torch
from torch import nn


class Scorer(nn.Module, abc.ABC):
    @abc.abstractmethod
    def score(self, x):
        ...

    def forward(self, x):
        return x * self.score(x)


class NormScorer(Scorer):
    def score(self, x):
        n = float(x.norm())  # expect: CL111
        return 1.0 / max(n, 1e-6)


def example():
    return NormScorer(), (torch.randn(2, 3),)
