"""A timm-style helper with a TorchScript branch and an eager branch; the eager branch checks that every
window is finite with a host-side bool before padding. The scripting branch never runs under dynamo."""
import torch
import torch.nn.functional as F
from torch import nn


def pad_to_multiple(x, multiple: int):
    h, w = x.shape[-2:]
    pad_h = (multiple - h % multiple) % multiple
    pad_w = (multiple - w % multiple) % multiple
    if torch.jit.is_scripting():
        return F.pad(x, [0, pad_w, 0, pad_h])
    if not bool(torch.isfinite(x).all()):  # expect: CL111
        x = torch.nan_to_num(x)
    return F.pad(x, (0, pad_w, 0, pad_h))


class WindowStage(nn.Module):
    def __init__(self, window=4):
        super().__init__()
        self.window = window
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, x):
        return self.conv(pad_to_multiple(x, self.window))


def example():
    return WindowStage(), (torch.randn(1, 2, 5, 6),)
