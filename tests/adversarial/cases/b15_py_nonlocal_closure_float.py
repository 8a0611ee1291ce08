"""A loss aggregator closes over a running total with `nonlocal` and adds `float(loss)` for each auxiliary
loss it is mapped over."""
import torch
from torch import nn


class AuxLossHead(nn.Module):
    def __init__(self, dim=8, heads=3):
        super().__init__()
        self.heads = nn.ModuleList(nn.Linear(dim, 1) for _ in range(heads))

    def forward(self, x):
        total = 0.0

        def add(loss):
            nonlocal total
            total += float(loss)  # known-miss: CL111
            return loss

        losses = [add(head(x).pow(2).mean()) for head in self.heads]  # known-miss: CL165
        return torch.stack(losses).sum(), total


def example():
    return AuxLossHead(), (torch.randn(2, 8),)
