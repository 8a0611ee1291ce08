"""A gated activation reads its threshold parameter through numpy (`np.asarray(... .detach())`), then `float()`
of the array for the Python comparison constant of `F.threshold`."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class GatedAct(nn.Module):
    def __init__(self):
        super().__init__()
        self.threshold = nn.Parameter(torch.tensor(0.1))

    def forward(self, x):
        thr = float(np.asarray(self.threshold.detach()))  # expect: CL111
        return F.threshold(x, thr, 0.0)


def example():
    return GatedAct(), (torch.randn(2, 4),)
