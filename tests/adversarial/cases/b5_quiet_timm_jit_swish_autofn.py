"""Memory-efficient activations in the old timm style: the forward and backward math are TorchScript
functions wrapped in a custom autograd.Function. Dynamo traces the autograd.Function and, inside its forward,
the scripted function too: a scripted *function* called there is not the scripted-submodule break."""
import torch
from torch import nn
from torch.nn import functional as F


@torch.jit.script
def swish_jit_fwd(x):
    return x.mul(torch.sigmoid(x))


@torch.jit.script
def swish_jit_bwd(x, grad_output):
    x_sigmoid = torch.sigmoid(x)
    return grad_output * (x_sigmoid * (1 + x * (1 - x_sigmoid)))


class SwishJitAutoFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return swish_jit_fwd(x)

    @staticmethod
    def backward(ctx, grad_output):
        x = ctx.saved_tensors[0]
        return swish_jit_bwd(x, grad_output)


class SwishMe(nn.Module):
    def __init__(self, inplace: bool = False):
        super().__init__()

    def forward(self, x):
        return SwishJitAutoFn.apply(x)


class ConvBnAct(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)
        self.act = SwishMe()

    def forward(self, x):
        return F.adaptive_avg_pool2d(self.act(self.conv(x)), 1)


def example():
    return ConvBnAct(), (torch.randn(1, 3, 5, 5),)
