"""An activation layer calls a TorchScript-compiled swish (`@torch.jit.script` on a plain function, as older
vision libraries shipped their jit activations): dynamo 2.13 traces the scripted function's Python source, no
break (a scripted *module* is what skips the frame)."""
import torch
from torch import nn


@torch.jit.script
def swish_jit(x: torch.Tensor) -> torch.Tensor:
    return x * torch.sigmoid(x)


class SwishJit(nn.Module):
    def forward(self, x):
        return swish_jit(x)


class ConvAct(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.act = SwishJit()

    def forward(self, x):
        return self.act(self.conv(x))


def example():
    return ConvAct(), (torch.randn(1, 4, 5, 5),)
