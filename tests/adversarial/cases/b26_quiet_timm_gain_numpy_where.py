"""The gated activation's twin: the threshold goes through numpy and back as an array, then `torch.where`."""
import numpy as np
import torch
from torch import nn


class GatedAct(nn.Module):
    def __init__(self):
        super().__init__()
        self.threshold = nn.Parameter(torch.tensor(0.1))

    def forward(self, x):
        thr = np.asarray(self.threshold.detach()) * 1.0
        return torch.where(x > torch.as_tensor(thr), x, torch.zeros_like(x))


def example():
    return GatedAct(), (torch.randn(2, 4),)
