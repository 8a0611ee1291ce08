"""A sentence-embedding pooler averages each row's first `n` tokens, `n` taken from the attention mask's row sums:
slicing by a 0-d tensor length."""
import torch
from torch import nn


class MeanPooler(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.dense = nn.Linear(dim, dim)

    def forward(self, hidden, attention_mask):
        lengths = attention_mask.sum(-1)
        pooled = []
        for i, n in enumerate(lengths):
            pooled.append(hidden[i, :n].mean(0))  # expect: CL114
        return self.dense(torch.stack(pooled))


def example():
    return MeanPooler(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 0], [1, 1, 1]]))
