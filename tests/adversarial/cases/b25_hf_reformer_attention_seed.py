"""A Reformer-style reversible attention draws a fresh seed for its dropout in training (so that backward can replay
it): `torch.seed()` modulo `sys.maxsize`, then seeds the generator with it."""
import sys

import torch
from torch import nn


class ReversibleAttention(nn.Module):
    def __init__(self, dim=8, p=0.1):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.dropout = nn.Dropout(p)
        self.attention_seed = None

    def _init_attention_seed(self):
        self.attention_seed = int(torch.seed() % sys.maxsize)
        torch.manual_seed(self.attention_seed)  # expect: CL134

    def forward(self, hidden):
        if self.training:
            self._init_attention_seed()
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        probs = self.dropout((q @ k.transpose(-1, -2)).softmax(-1))
        return probs @ v


def example():
    return ReversibleAttention().train(), (torch.randn(2, 3, 8),)
