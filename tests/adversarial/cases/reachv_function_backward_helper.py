"""Custom autograd.Functions applied in a compiled forward to an activation (it requires grad: the Linear's weight
does). Dynamo speculates each Function at `.apply`: forward, then setup_context, then backward, each to its first
break, and it follows their calls: a break in a helper that backward calls is reported on the helper's line, one in
setup_context on its own line, and a Function spelled through an alias is the same call. Each Function's break ends
its speculation (dynamo then runs that Function eagerly and resumes after the call)."""
import torch
from torch import nn


def clip_to_peak(grad):
    peak = grad.abs().max().item()  # expect: CL111
    return grad.clamp(-peak, peak)


class ClippedIdentity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clone()

    @staticmethod
    def backward(ctx, grad_output):
        return clip_to_peak(grad_output)


class LoggedScale(torch.autograd.Function):
    @staticmethod
    def forward(x, factor):
        return x * factor

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, factor = inputs
        print("saving the factor")  # expect: CL131
        ctx.factor = factor

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * ctx.factor, None


logged_scale = LoggedScale.apply


class GradientSurgery(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        h = self.proj(x)
        h = ClippedIdentity.apply(h)
        return logged_scale(h, 0.5)


def example():
    return GradientSurgery(4).eval(), (torch.randn(2, 4),)
