"""A token pruning step keeps a fixed number of token positions with `torch.nonzero_static(mask, size=k)` (a
static output size), padding with -1."""
import torch
from torch import nn


class TokenKeep(nn.Module):
    def __init__(self, dim=4, keep=2):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep = keep

    def forward(self, x):
        mask = self.score(x[0]).squeeze(-1) > 0
        idx = torch.nonzero_static(mask, size=self.keep, fill_value=0).squeeze(-1)
        return x.index_select(1, idx)


def example():
    return TokenKeep(), (torch.randn(2, 3, 4),)
