"""The same reversible attention leaves the seeding to the training loop: `reseed()` (with `torch.seed()` and
`torch.manual_seed`) is a method forward never calls, and forward only reads the stored Python seed."""
import sys

import torch
from torch import nn


class ReversibleAttention(nn.Module):
    def __init__(self, dim=8, p=0.1):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.dropout = nn.Dropout(p)
        self.attention_seed = 1234 % sys.maxsize

    def reseed(self):
        self.attention_seed = int(torch.seed() % sys.maxsize)
        torch.manual_seed(self.attention_seed)

    def forward(self, hidden):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        probs = self.dropout((q @ k.transpose(-1, -2)).softmax(-1))
        return probs @ v, self.attention_seed


def example():
    return ReversibleAttention().train(), (torch.randn(2, 3, 8),)
