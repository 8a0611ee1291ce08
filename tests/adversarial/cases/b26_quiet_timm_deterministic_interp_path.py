"""An upsampling neck picks nearest interpolation when deterministic algorithms are on (a process setting read in
forward), and checks `torch.is_grad_enabled()` before a cache write."""
import torch
import torch.nn.functional as F
from torch import nn


class UpNeck(nn.Module):
    def __init__(self, ch=2):
        super().__init__()
        self.lateral = nn.Conv2d(ch, ch, 1)
        self.last = {}

    def forward(self, x):
        mode = "nearest" if torch.are_deterministic_algorithms_enabled() else "bilinear"
        kw = {} if mode == "nearest" else {"align_corners": False}
        y = F.interpolate(self.lateral(x), scale_factor=2, mode=mode, **kw)
        if not torch.is_grad_enabled():
            self.last["y"] = y
        return y


def example():
    return UpNeck(), (torch.randn(1, 2, 3, 3),)
