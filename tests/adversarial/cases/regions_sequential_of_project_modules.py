"""Project modules inside an nn.Sequential run their forward in the compiled region."""
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if x.mean() > 0:  # expect: CL101
            return x
        return -x


def example():
    return nn.Sequential(nn.Linear(3, 3), Gate()), (torch.randn(2, 3),)
