"""The attention function is bound with functools.partial in __init__ and stored on the module; it reads the
mask's minimum back as a Python float to decide whether the mask is all-zero."""
import functools

import torch
from torch import nn


def masked_attention(query, key, value, mask=None, dropout=0.0, training=False):
    scores = query @ key.transpose(-2, -1) / query.size(-1) ** 0.5
    if mask is not None:
        floor = mask.min().item()  # expect: CL111
        if floor < 0:
            scores = scores + mask
    probs = nn.functional.dropout(scores.softmax(dim=-1), p=dropout, training=training)
    return probs @ value


class Attention(nn.Module):
    def __init__(self, dim=8, dropout=0.0):
        super().__init__()
        self.proj = nn.Linear(dim, 3 * dim)
        self.attn_fn = functools.partial(masked_attention, dropout=dropout)

    def forward(self, x, mask=None):
        q, k, v = self.proj(x).chunk(3, dim=-1)
        return self.attn_fn(q, k, v, mask, training=self.training)


def example():
    mask = torch.zeros(1, 4, 4)
    mask[..., -1] = -1e4
    return Attention(), (torch.randn(1, 4, 8), mask)
