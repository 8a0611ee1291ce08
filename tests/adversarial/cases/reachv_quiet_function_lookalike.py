"""Look-alikes of breaks in custom autograd.Functions that compile: backward reads `ctx.saved_tensors` (not the
deprecated `saved_variables`), tests `ctx.needs_input_grad`, clips with a tensor bound instead of `.item()`, and hands
its gradient to a helper that computes a shape-based scale; setup_context stores what forward returned. Dynamo
speculates all of it at `.apply` (the input requires grad) and finds no break."""
import torch
from torch import nn


def spread_over_rows(grad):
    rows = grad.shape[0]
    return grad / max(rows, 1)


class SoftClip(torch.autograd.Function):
    @staticmethod
    def forward(x, limit):
        return x.clamp(-limit, limit)

    @staticmethod
    def setup_context(ctx, inputs, output):
        x, limit = inputs
        ctx.save_for_backward(x)
        ctx.limit = limit

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        if not ctx.needs_input_grad[0]:
            return None, None
        inside = (x.abs() <= ctx.limit).to(grad_output.dtype)
        peak = grad_output.abs().amax()
        grad = torch.where(grad_output.abs() > peak * 0.9, grad_output * 0.9, grad_output)
        return spread_over_rows(grad * inside), None


class ClippedBlock(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        return SoftClip.apply(self.proj(x), 2.0)


def example():
    return ClippedBlock(4).eval(), (torch.randn(3, 4),)
