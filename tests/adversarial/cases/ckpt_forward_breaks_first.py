"""A project autograd.Function whose forward breaks: dynamo speculates forward first, and the break runs the whole
Function eagerly, so the `print` in backward is never traced (2.13). A second Function, clean in forward, has its
backward traced, and its `.item()` breaks there."""
import torch
from torch import nn


class LoggedScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight):
        ctx.save_for_backward(x, weight)
        print("scaling", x.shape)  # expect: CL131
        return x * weight

    @staticmethod
    def backward(ctx, grad_output):
        x, weight = ctx.saved_tensors
        print("backward of the scale")
        return grad_output * weight, (grad_output * x).sum(0)


class ClippedScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight):
        ctx.save_for_backward(x, weight)
        return x * weight

    @staticmethod
    def backward(ctx, grad_output):
        x, weight = ctx.saved_tensors
        limit = grad_output.abs().max().item()  # expect: CL111
        return grad_output.clamp(-limit, limit) * weight, (grad_output * x).sum(0)


class TwoScales(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))

    def forward(self, x):
        return LoggedScale.apply(x, self.weight) + ClippedScale.apply(x, self.weight)


def example():
    return TwoScales(4), (torch.randn(2, 4),)
