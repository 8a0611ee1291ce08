"""Relative-position buckets for a T5-style attention bias: the log-spaced buckets for far distances mix
`torch.log` on the tensor with `math.log` on Python config numbers, and `torch.min`/`torch.where` keep
everything in the graph."""
import math

import torch
from torch import nn


def relative_position_bucket(relative_position, bidirectional=True, num_buckets=8, max_distance=16):
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    scaled = torch.log(relative_position.float() / max_exact) / math.log(max_distance / max_exact)
    if_large = max_exact + (scaled * (num_buckets - max_exact)).to(torch.long)
    if_large = torch.min(if_large, torch.full_like(if_large, num_buckets - 1))
    relative_buckets += torch.where(is_small, relative_position, if_large)
    return relative_buckets


class RelativeBias(nn.Module):
    def __init__(self, heads=2, num_buckets=8):
        super().__init__()
        self.bias = nn.Embedding(num_buckets, heads)

    def forward(self, scores):
        query_length, key_length = scores.shape[-2], scores.shape[-1]
        context = torch.arange(query_length, dtype=torch.long)[:, None]
        memory = torch.arange(key_length, dtype=torch.long)[None, :]
        buckets = relative_position_bucket(memory - context)
        values = self.bias(buckets).permute(2, 0, 1).unsqueeze(0)
        return scores + values


def example():
    return RelativeBias(), (torch.randn(1, 2, 5, 5),)
