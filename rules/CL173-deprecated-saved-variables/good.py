import torch
from torch import nn


class Swish(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        ctx.save_for_backward(i)
        return i * torch.sigmoid(i)

    @staticmethod
    def backward(ctx, grad_output):
        i = ctx.saved_tensors[0]
        s = torch.sigmoid(i)
        return grad_output * (s * (1 + i * (1 - s)))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return Swish.apply(self.proj(x))


def example():
    return Block(), (torch.randn(2, 8),)
