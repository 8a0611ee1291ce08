"""An `nn.Sequential` subclass that overrides forward: `torch.nan_to_num` after each block and a channel test
on the shape; nothing asks a tensor for its truth value."""
import torch
from torch import nn

from b14_quiet_timm_helpers import Mlp


class SanitizedStage(nn.Sequential):
    def forward(self, x):
        for block in self:
            x = torch.nan_to_num(block(x), nan=0.0, posinf=1e4, neginf=-1e4)
            if x.shape[-1] != 8:
                raise ValueError("unexpected width")
        return x


class Net(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.stage = SanitizedStage(Mlp(dim), Mlp(dim))

    def forward(self, x):
        return self.stage(x)


def example():
    return Net(), (torch.randn(2, 8),)
