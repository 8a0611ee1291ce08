import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("zero", torch.zeros(()))

    def forward(self, x):
        bias = torch.zeros(8, requires_grad=True)  # expect: CL146
        h = x.detach().requires_grad_()  # expect: CL146
        loss = torch.zeros((), requires_grad=self.training)  # expect: CL146
        aux = self.zero
        aux.requires_grad_()  # expect: CL146
        return (h * 2 + bias).sum(-1) + loss + aux


def example():
    return Probe(), (torch.randn(2, 8),)
