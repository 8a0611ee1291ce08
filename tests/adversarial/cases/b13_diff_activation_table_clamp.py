"""An activation table maps names to functions; the `clamped_silu` entry tests the input's magnitude first."""
import torch
import torch.nn.functional as F
from torch import nn

from b13_quiet_diff_modeling import ModelMixin


def clamped_silu(x):
    if x.abs().max() > 1e4:  # expect: CL101
        x = x.clamp(-1e4, 1e4)
    return F.silu(x)


ACTIVATION_FUNCTIONS = {"silu": F.silu, "mish": F.mish, "gelu": F.gelu, "clamped_silu": clamped_silu}


def get_activation(name):
    return ACTIVATION_FUNCTIONS[name.lower()]


class ResnetBlock(ModelMixin):
    def __init__(self, dim=8, act_fn="clamped_silu"):
        super().__init__()
        self.norm = nn.GroupNorm(2, dim)
        self.conv = nn.Conv2d(dim, dim, 3, padding=1)
        self.nonlinearity = get_activation(act_fn)

    def forward(self, x):
        return x + self.conv(self.nonlinearity(self.norm(x)))


def example():
    return ResnetBlock(), (torch.randn(1, 8, 4, 4),)
