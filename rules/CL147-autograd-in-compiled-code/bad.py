import torch
from torch import nn


class Gradient(nn.Module):
    def forward(self, x, w):
        y = torch.sin(x * w).sum()
        (g,) = torch.autograd.grad(y, w, retain_graph=True)  # expect: CL147
        y.backward()  # expect: CL147
        return g + w.grad


def example():
    return Gradient(), (torch.randn(2, 8), torch.randn(8, requires_grad=True))
