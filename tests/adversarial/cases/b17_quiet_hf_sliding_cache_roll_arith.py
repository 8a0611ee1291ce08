"""A sliding-window cache that rolls without asking Python: the shift is computed as tensor arithmetic on the
cache position, and the write is an index_copy."""
import torch
from torch import nn

from b17_hf_utils import Config


class ArithmeticSlidingCache:
    def __init__(self, window=Config.sliding_window, dim=Config.hidden_size):
        self.keys = torch.zeros(1, window, dim)
        self.window = window

    def update(self, key_states, cache_position):
        slicing = torch.ones(self.window, dtype=torch.long).cumsum(0)
        cache_position = cache_position.clamp(0, self.window - 1)
        to_shift = cache_position >= self.window - 1
        indices = (slicing + to_shift[-1].int() - 1) % self.window
        k_out = self.keys[:, indices]
        k_out = k_out.index_copy(1, cache_position, key_states)
        self.keys = k_out
        return k_out


class SlidingAttention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.k_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, cache_position, past_key_value=None):
        key_states = self.k_proj(hidden_states)
        if past_key_value is not None:
            key_states = past_key_value.update(key_states, cache_position)
        return key_states.mean(1)


def example():
    return SlidingAttention(), (torch.randn(1, 1, 8), torch.tensor([6]), ArithmeticSlidingCache())
