"""Masking with three-argument `torch.where`, a boolean-mask write, `masked_fill` through a re-exported alias
and `masked_fill_`: none of them reads a value into Python or makes a shape depend on values."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config, masked_fill


class MaskedScores(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden, mask):
        scores = self.proj(hidden) @ hidden.transpose(-1, -2)
        keep = mask[:, None, :].bool()
        scores = torch.where(keep, scores, torch.full_like(scores, -1e4))
        scores[~keep.expand_as(scores)] = -1e4
        scores = masked_fill(scores, ~keep, -1e4)
        scores.masked_fill_(scores < -1e3, float("-inf"))
        return scores.softmax(-1) @ hidden


def example():
    return MaskedScores(Config()), (torch.randn(1, 3, 8), torch.tensor([[1, 1, 0]]))
