"""Two ways a boolean mask is known without being computed in the function that reads through it (torch-gauge's
real spherical harmonics and Verlet lists, missed in held-out 33). A buffer registered in a setup method that
__init__ calls (`self._init_powers()` registering `self.powers`) is a tensor attribute like one registered in
__init__, so a comparison of it is a mask; and a parameter annotated `torch.BoolTensor` is a mask. Reads through
either break (a data-dependent shape); a write through the mask (`poly[:, ~zero] = ...`) compiles, and so does
indexing by a parameter annotated `torch.LongTensor`."""
import torch
from torch import nn


class Harmonics(nn.Module):
    def __init__(self):
        super().__init__()
        self._init_powers()

    def _init_powers(self):
        self.register_buffer("powers", torch.tensor([[0, 1, 2, 0, 3, 1], [1, 0, 0, 2, 0, 1], [0, 0, 1, 0, 0, 2]]))
        self.register_buffer("unused", None)

    def forward(self, xyz):
        zero = self.powers == 0
        poly = torch.ones(*xyz.shape, 6)
        poly[:, ~zero] = torch.pow(
            xyz.unsqueeze(-1).expand_as(poly)[:, ~zero],  # expect: CL122
            2.0,
        )
        return poly.prod(dim=1)


def neighbours(positions, within: torch.BoolTensor, order: torch.LongTensor):
    n = positions.shape[0]
    ordered = positions[order]
    return torch.arange(n).unsqueeze(0).expand(n, n)[within].sum() + ordered.sum()  # expect: CL122


class Verlet(nn.Module):
    def forward(self, positions):
        within = torch.cdist(positions, positions) < 1.5
        return neighbours(positions, within, torch.arange(positions.shape[0]))


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.harmonics, self.verlet = Harmonics(), Verlet()

    def forward(self, positions):
        return self.harmonics(positions).sum() + self.verlet(positions)


def example():
    return Both(), (torch.randn(5, 3),)
