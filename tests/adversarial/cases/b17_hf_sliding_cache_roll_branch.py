"""An attention layer writes its keys through `past_key_value.update(...)`; the sliding-window cache (from the
utils file) rolls its window when the last cache position has reached its end."""
import torch
from torch import nn

from b17_hf_utils import Config, SlidingWindowCache


class SlidingAttention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.k_proj = nn.Linear(config.hidden_size, config.hidden_size)
        self.q_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, cache_position, past_key_value=None):
        key_states = self.k_proj(hidden_states)
        if past_key_value is not None:
            key_states = past_key_value.update(key_states, cache_position)
        query = self.q_proj(hidden_states)
        return (query @ key_states.transpose(1, 2)).softmax(-1) @ key_states


def example():
    return SlidingAttention(), (torch.randn(1, 1, 8), torch.tensor([6]), SlidingWindowCache())
