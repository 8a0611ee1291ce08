"""A dispersion-energy module in the style of torch-dftd (held-out group 82, `base_dftd_module.py:116`): the atom
positions arrive as data, without grad, and the forward turns them on to take forces by autograd, reading `pos.grad`
after `backward()` or asking `torch.autograd.grad(energy, pos)`. Turning grad on an input that arrives without it
breaks (GB0125); the function differentiating with respect to that input says it arrives so (measured on 2.13)."""
import torch
from torch import nn


def pair_energy(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    return (diff * diff).sum(-1).add(1.0).reciprocal().sum()


class ForcesByBackward(nn.Module):
    def forward(self, pos):
        pos.requires_grad_(True)  # expect: CL146
        energy = pair_energy(pos)
        energy.backward()  # expect: CL147
        return energy.detach(), -pos.grad


class ForcesByGrad(nn.Module):
    def forward(self, pos, cell):
        pos.requires_grad_()  # expect: CL146
        energy = pair_energy(pos @ cell)
        forces = -torch.autograd.grad(energy, [pos])[0]  # expect: CL147
        return energy.detach(), forces


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.by_backward = ForcesByBackward()
        self.by_grad = ForcesByGrad()

    def forward(self, pos, cell):
        e1, f1 = self.by_backward(pos.clone())
        e2, f2 = self.by_grad(pos.clone(), cell)
        return e1 + e2, f1 + f2


def example():
    return Both(), (torch.randn(5, 3), torch.eye(3))
