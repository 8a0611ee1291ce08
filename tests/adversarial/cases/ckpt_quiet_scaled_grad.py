"""A project autograd.Function whose backward dynamo traces (the weight requires grad) and compiles: saved tensors,
arithmetic on the incoming gradient, and a detached copy turned to require grad, which compiles in a traced
backward (2.13), unlike in a forward."""
import torch
from torch import nn


class ScaledGrad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight):
        ctx.save_for_backward(x, weight)
        return x * weight

    @staticmethod
    def backward(ctx, grad_output):
        x, weight = ctx.saved_tensors
        leaves = [t.detach().requires_grad_(True) for t in (x, weight)]
        scale = leaves[0].detach().requires_grad_()
        return grad_output * weight * scale.sign().abs(), (grad_output * x).sum(0)


class ScaledLinear(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))

    def forward(self, x):
        return ScaledGrad.apply(x, self.weight) + 1


def example():
    return ScaledLinear(4), (torch.randn(2, 4),)
