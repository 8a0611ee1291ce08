"""Reversible layers (RevNet style, as in reformer_pytorch): the Function's backward recomputes each block through a
method of the block, where `requires_grad` is switched on and `torch.autograd.backward` runs. Dynamo speculates the
backward from `apply` (the input requires grad: it comes out of a Linear) and stops at its first break, inside the
block's method (switching a leaf's flag on under `enable_grad`). The autograd call after it is never traced here,
but compilelint flags it: it follows backward's calls as a compiled backward pass runs them (a training step calling
`loss.backward()` compiles the backward and its callees as frames of their own, where every break is reported), and
cannot tell this evaluation-only use from one. A second Function's backward breaks twice in its own body: only the
first counts."""
import torch
from torch import nn


class ReversibleBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.f = nn.Linear(channels, channels)

    def forward(self, x):
        with torch.no_grad():
            return x + self.f(x)

    def backward_pass(self, y, dy):
        with torch.enable_grad():
            y.requires_grad = True  # expect: CL146
            fy = self.f(y)
            torch.autograd.backward(fy, dy)  # known-fp: CL147
        return y - fy.detach(), dy + y.grad


class ReversibleFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, blocks):
        for block in blocks:
            x = block(x)
        ctx.y = x.detach()
        ctx.blocks = blocks
        return x

    @staticmethod
    def backward(ctx, dy):
        y = ctx.y
        for block in ctx.blocks[::-1]:
            y, dy = block.backward_pass(y, dy)
        return dy, None


class NoisyScale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad_output):
        print("scaling the gradient")  # expect: CL131
        limit = grad_output.abs().max().item()
        return grad_output.clamp(-limit, limit) * 2


class ReversibleStack(nn.Module):
    def __init__(self, channels, depth):
        super().__init__()
        self.embed = nn.Linear(channels, channels)
        self.blocks = nn.ModuleList([ReversibleBlock(channels) for _ in range(depth)])

    def forward(self, x):
        h = self.embed(x)
        return ReversibleFunction.apply(h, self.blocks) + NoisyScale.apply(h)


def example():
    return ReversibleStack(4, 2).eval(), (torch.randn(2, 4),)
