import math

import torch
from torch import nn


class Scale(nn.Module):
    def forward(self, x):
        x = x / torch.sqrt(x.var())  # expect: CL113
        return x * torch.log(x.abs().sum())  # expect: CL113


def example():
    return Scale(), (torch.randn(4, 8),)
