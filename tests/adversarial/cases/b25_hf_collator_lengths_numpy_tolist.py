"""A speech model trims its padded batch to the longest real sequence: the lengths go through numpy
(`attention_mask.sum(-1).cpu().numpy()`) and back to Python with `.tolist()`, and builtin `max` gives the slice."""
import torch
from torch import nn


class TrimmingEncoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden, attention_mask):
        lengths = attention_mask.sum(-1).cpu().numpy().tolist()  # expect: CL112
        longest = max(lengths)
        hidden = hidden[:, :longest]
        return self.proj(hidden) * attention_mask[:, :longest, None]


def example():
    return TrimmingEncoder(), (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 0, 0, 0]]))
