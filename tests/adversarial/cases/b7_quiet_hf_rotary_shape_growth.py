"""A rotary embedding that grows its cache when the sequence is longer than the cached length; the length is
`x.shape[-2]` (an int), so the comparison is a shape guard, and the cache is rebuilt from arange + outer."""
import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=2, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cos_sin_cache(max_position_embeddings)

    def _set_cos_sin_cache(self, seq_len):
        self.max_seq_len_cached = seq_len
        t = torch.arange(self.max_seq_len_cached, dtype=self.inv_freq.dtype)
        emb = torch.cat([torch.outer(t, self.inv_freq)] * 2, dim=-1)
        self.cos_cached = emb.cos()
        self.sin_cached = emb.sin()

    def forward(self, x, seq_len=None):
        seq_len = x.shape[-2] if seq_len is None else seq_len
        if seq_len > self.max_seq_len_cached:
            self._set_cos_sin_cache(seq_len)
        return self.cos_cached[:seq_len].to(x.dtype), self.sin_cached[:seq_len].to(x.dtype)


def example():
    return RotaryEmbedding(), (torch.randn(1, 5, 4),)
