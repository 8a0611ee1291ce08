"""A skip test spelled with operator.truth of a tensor reduction."""
import operator

import torch
from torch import nn


class MaybeRefine(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.refine = nn.Linear(dim, dim)

    def forward(self, x, mask):
        needs = operator.truth(mask.any())  # known-miss: CL114
        return self.refine(x) if needs else x


def example():
    return MaybeRefine(), (torch.randn(2, 4), torch.tensor([True, False]))
