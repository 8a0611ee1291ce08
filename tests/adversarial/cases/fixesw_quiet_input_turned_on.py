"""Quiet twin of fixesw_forces_of_input_positions: the forward turns grad on for its input but differentiates only
with respect to another input (`cell`, which arrives requiring grad) or not at all. An input that arrives requiring
grad makes `requires_grad_()` a no-op that compiles, and nothing here says this one arrives without it; the
`autograd.grad` call itself still breaks (CL147)."""
import torch
from torch import nn


def pair_energy(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    return (diff * diff).sum(-1).add(1.0).reciprocal().sum()


class StressOnly(nn.Module):
    def forward(self, pos, cell):
        pos.requires_grad_(True)
        energy = pair_energy(pos @ cell)
        return energy.detach(), torch.autograd.grad(energy, cell)[0]  # expect: CL147


class TurnedOnOnly(nn.Module):
    def forward(self, pos):
        pos.requires_grad_(True)
        return pair_energy(pos)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.stress = StressOnly()
        self.turned = TurnedOnOnly()

    def forward(self, pos, cell):
        e, s = self.stress(pos, cell)
        return e + self.turned(pos), s


def example():
    return Both(), (torch.randn(5, 3, requires_grad=True), torch.eye(3).requires_grad_())
