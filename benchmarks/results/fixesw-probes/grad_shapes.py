import torch
from torch import nn


def energy(pos):
    return (pos ** 2).sum(-1)


class ForcesBackward(nn.Module):
    def forward(self, pos):
        pos.requires_grad_(True)
        e = energy(pos)
        e.sum().backward()
        forces = -pos.grad
        return e.detach(), forces


class ForcesAutogradGrad(nn.Module):
    def forward(self, pos):
        pos.requires_grad_(True)
        e = energy(pos)
        forces = -torch.autograd.grad(e.sum(), pos, create_graph=False)[0]
        return e.detach(), forces


class BackwardNoRead(nn.Module):
    def forward(self, pos):
        pos.requires_grad_()
        e = energy(pos)
        e.sum().backward()
        return e.detach()


class NoDifferentiation(nn.Module):
    def forward(self, pos):
        pos.requires_grad_(True)
        return energy(pos)


class AttributeForm(nn.Module):
    def forward(self, pos):
        pos.requires_grad = True
        e = energy(pos)
        return torch.autograd.grad(e.sum(), [pos])[0]


class GradOfOther(nn.Module):
    def forward(self, pos, w):
        pos.requires_grad_(True)
        e = energy(pos * w)
        return torch.autograd.grad(e.sum(), w)[0]
