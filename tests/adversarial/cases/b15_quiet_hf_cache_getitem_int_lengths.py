"""The same trimmed read through `__getitem__`, with the filled lengths kept as Python ints (b15_hf_utils'
ListCache): slicing by an int compiles."""
import torch
from torch import nn

from b15_hf_utils import Config, ListCache


class CachedSelfAttention(nn.Module):
    def __init__(self, config=Config(), layer_idx=0):
        super().__init__()
        self.layer_idx = layer_idx
        self.k_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, past_key_values):
        key = self.k_proj(hidden_states)
        keys = past_key_values.update(key, self.layer_idx)
        keys = past_key_values[self.layer_idx]
        return hidden_states @ keys.transpose(1, 2)


def example():
    return CachedSelfAttention(), (torch.randn(1, 3, 8), ListCache(2))
