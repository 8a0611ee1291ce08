"""Efficient channel attention: the kernel size comes from math.log, abs and int of the channel count in
__init__; forward only pools, convolves and gates."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class EcaModule(nn.Module):
    def __init__(self, channels=8, gamma=2, beta=1, gate_layer="sigmoid"):
        super().__init__()
        t = int(abs(math.log(channels, 2) + beta) / gamma)
        kernel_size = max(t if t % 2 else t + 1, 3)
        self.conv = nn.Conv1d(1, 1, kernel_size=kernel_size, padding=(kernel_size - 1) // 2, bias=False)
        self.gate = torch.sigmoid if gate_layer == "sigmoid" else F.hardsigmoid

    def forward(self, x):
        y = x.mean((2, 3)).view(x.shape[0], 1, -1)
        y = self.conv(y)
        y = self.gate(y).view(x.shape[0], -1, 1, 1)
        return x * y.expand_as(x)


def example():
    return EcaModule(), (torch.randn(2, 8, 4, 4),)
