import torch
from torch import nn


class Mode(nn.Module):
    def forward(self, x):
        h = x * 2
        if h.is_inference():  # expect: CL149
            return h
        return h + 1


def example():
    return Mode(), (torch.randn(2, 8),)
