"""A loop with a walrus test: each mask's count is bound as int() of its sum and kept when positive."""
import torch
from torch import nn


class GroupSizes(nn.Module):
    def __init__(self, dim=4, groups=3):
        super().__init__()
        self.lin = nn.Linear(dim, groups)

    def forward(self, x):
        assign = self.lin(x).argmax(-1)
        masks = [assign == g for g in range(3)]
        sizes = []
        for m in masks:
            if (n := int(m.sum())) > 0:  # expect: CL111
                sizes.append(n)
        return x * len(sizes)


def example():
    return GroupSizes(), (torch.randn(5, 4),)
