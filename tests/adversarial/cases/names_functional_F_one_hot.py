"""The real torch.nn.functional.one_hot without num_classes: the width depends on the data."""
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def forward(self, labels):
        fixed = F.one_hot(labels, num_classes=5)
        free = F.one_hot(labels)  # expect: CL123
        return fixed.sum() + free.sum()


def example():
    return Model(), (torch.tensor([0, 2, 1]),)
