import torch
import torch.nn.functional as F
from torch import nn


class Encode(nn.Module):
    def forward(self, labels):
        return F.one_hot(labels).float().mean(0)  # expect: CL123


def example():
    return Encode(), (torch.tensor([0, 3, 1, 5]),)
