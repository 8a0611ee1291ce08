"""A static cache writes the new keys at `cache_position` and then trims its view to the last written slot,
read as a Python int: `int(cache_position[-1]) + 1`."""
import torch
from torch import nn


class StaticCache:
    def __init__(self, batch, heads, max_len, head_dim):
        self.keys = torch.zeros(batch, heads, max_len, head_dim)

    def update(self, key_states, cache_position):
        self.keys.index_copy_(2, cache_position, key_states)
        last = int(cache_position[-1]) + 1  # known-miss: CL114
        return self.keys[:, :, :last]


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.k_proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, cache, cache_position):
        bsz, seq, dim = hidden_states.shape
        keys = self.k_proj(hidden_states).view(bsz, seq, self.heads, -1).transpose(1, 2)
        return cache.update(keys, cache_position).sum(2)


def example():
    cache = StaticCache(2, 2, 6, 4)
    return Attention(), (torch.randn(2, 3, 8), cache, torch.arange(3))
