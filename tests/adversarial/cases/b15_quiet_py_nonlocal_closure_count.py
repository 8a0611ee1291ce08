"""The closure counts calls with `nonlocal` (a Python int) and sums the losses as tensors."""
import torch
from torch import nn


class AuxLossHead(nn.Module):
    def __init__(self, dim=8, heads=3):
        super().__init__()
        self.heads = nn.ModuleList(nn.Linear(dim, 1) for _ in range(heads))

    def forward(self, x):
        count = 0
        total = x.new_zeros(())

        def add(loss):
            nonlocal count, total
            count += 1
            total = total + loss
            return loss

        for head in self.heads:
            add(head(x).pow(2).mean())
        return total / count


def example():
    return AuxLossHead(), (torch.randn(2, 8),)
