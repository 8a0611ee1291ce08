"""A sliding-window cache tells the mask builder how long the key/value axis is from the number of cache positions
(a shape) and the tokens it has already seen (a Python int it counts at update time, outside the compiled call)."""
from typing import Optional

import torch
from torch import nn


class SlidingWindowCache:
    def __init__(self, window=4, seen_tokens=5):
        self.window = window
        self.seen_tokens = seen_tokens

    def get_mask_sizes(self, cache_position):
        kv_length = self.seen_tokens + cache_position.shape[0]
        return min(kv_length, self.window), max(0, kv_length - self.window)


class SlidingAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden, cache_position, past_key_values: Optional[SlidingWindowCache] = None):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        kv_length, kv_offset = (hidden.shape[1], 0) if past_key_values is None else \
            past_key_values.get_mask_sizes(cache_position)
        scores = q @ k.transpose(-1, -2) / 8 ** 0.5
        return scores.softmax(-1) @ v, kv_length, kv_offset


def example():
    return SlidingAttention(), (torch.randn(1, 3, 8), torch.arange(5, 8), SlidingWindowCache())
