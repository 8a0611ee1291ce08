"""A mixture of potentials built from an annotated list of them (`potentials: List[Potential]`): the container's
elements are any subclass of the declared base; one subclass tests a buffer in Python."""
from typing import List

import torch
from torch import nn


class Potential(nn.Module):
    def long_range(self, k_sq):
        raise NotImplementedError

    def background(self):
        raise NotImplementedError


class PowerLaw(Potential):
    def __init__(self, exponent: float):
        super().__init__()
        self.register_buffer("exponent", torch.tensor(exponent))

    def long_range(self, k_sq):
        limit = torch.zeros_like(k_sq)
        if self.exponent > 3:  # expect: CL101
            limit = limit + 1.0
        return torch.where(k_sq == 0, limit, k_sq.pow(-self.exponent / 2))

    def background(self):
        return self.exponent * 0.5


class Gaussian(Potential):
    def long_range(self, k_sq):
        return torch.exp(-k_sq)

    def background(self):
        return torch.ones(())


class Mixture(Potential):
    def __init__(self, potentials: List[Potential]):
        super().__init__()
        self.potentials = nn.ModuleList(potentials)
        self.weights = nn.Parameter(torch.ones(len(potentials)))

    def long_range(self, k_sq):
        values = [pot.long_range(k_sq) for pot in self.potentials]  # expect: CL165
        return torch.inner(self.weights, torch.stack(values, dim=-1))

    def background(self):
        values = [pot.background() for pot in self.potentials]
        return torch.inner(self.weights, torch.stack(values))

    def forward(self, k_sq):
        return self.long_range(k_sq) + self.background()


def example():
    return Mixture([PowerLaw(4.0), Gaussian()]), (torch.rand(6) + 0.1,)
