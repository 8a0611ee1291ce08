"""A jit-scripted swish used only on the scripting path (`if torch.jit.is_scripting():`); under compile the
eager expression runs."""
import torch
from torch import nn


@torch.jit.script
def swish_jit(x: torch.Tensor) -> torch.Tensor:
    return x * torch.sigmoid(x)


class Swish(nn.Module):
    def forward(self, x):
        if torch.jit.is_scripting():
            return swish_jit(x)
        return x * torch.sigmoid(x)


class ConvAct(nn.Module):
    def __init__(self, c=4):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.act = Swish()

    def forward(self, x):
        return self.act(self.conv(x))


def example():
    return ConvAct(), (torch.randn(1, 4, 5, 5),)
