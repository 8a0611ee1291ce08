"""The trim with the lengths a Python list handed in by the collator, and builtin max of two reductions
kept as a tensor."""
import torch
from torch import nn

from b15_hf_utils import Config


class FeatureTrimmer(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, input_values, input_lengths):
        max_len = max(input_lengths)
        hidden = self.proj(input_values[:, :max_len])
        peak = max(hidden.amax(), hidden.amin().abs())
        return hidden / peak


def example():
    return FeatureTrimmer(), (torch.randn(2, 6, 8), [4, 5])
