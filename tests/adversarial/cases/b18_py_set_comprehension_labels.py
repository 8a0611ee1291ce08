"""The number of distinct classes in the batch, counted as the length of a set comprehension of int() over
the label tensor; it normalises a per-class loss."""
import torch
import torch.nn.functional as F
from torch import nn


class BalancedLoss(nn.Module):
    def __init__(self, dim=4, num_classes=3):
        super().__init__()
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, x, labels):
        logits = self.fc(x)
        present = len({int(c) for c in labels})  # expect: CL111
        return F.cross_entropy(logits, labels, reduction="sum") / present


def example():
    return BalancedLoss(), (torch.randn(4, 4), torch.tensor([0, 2, 2, 1]))
