"""The same reversible attention in eval mode: the seeding branch is behind `self.training`, and the seed stored
earlier is only kept as a Python attribute."""
import sys

import torch
from torch import nn


class ReversibleAttention(nn.Module):
    def __init__(self, dim=8, p=0.1):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.dropout = nn.Dropout(p)
        self.attention_seed = 1234 % sys.maxsize

    def _init_attention_seed(self):
        self.attention_seed = int(torch.seed() % sys.maxsize)
        torch.manual_seed(self.attention_seed)

    def forward(self, hidden):
        if self.training:
            self._init_attention_seed()
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        probs = self.dropout((q @ k.transpose(-1, -2)).softmax(-1))
        return probs @ v


def example():
    return ReversibleAttention().eval(), (torch.randn(2, 3, 8),)
