"""The library's activation lookup returns shared module instances from a module-level dict
(`ACTIVATION_FUNCTIONS["silu"]`), stored on a resnet block and called in forward (compiles)."""
import torch
from torch import nn

ACTIVATION_FUNCTIONS = {"swish": nn.SiLU(), "silu": nn.SiLU(), "mish": nn.Mish(), "gelu": nn.GELU(), "relu": nn.ReLU()}


def get_activation(act_fn: str) -> nn.Module:
    act_fn = act_fn.lower()
    if act_fn in ACTIVATION_FUNCTIONS:
        return ACTIVATION_FUNCTIONS[act_fn]
    raise ValueError(f"Unsupported activation function: {act_fn}")


class ResnetBlock(nn.Module):
    def __init__(self, ch=4, non_linearity="swish"):
        super().__init__()
        self.norm = nn.GroupNorm(2, ch)
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.nonlinearity = get_activation(non_linearity)

    def forward(self, x):
        return x + self.conv(self.nonlinearity(self.norm(x)))


def example():
    return ResnetBlock(), (torch.randn(1, 4, 4, 4),)
