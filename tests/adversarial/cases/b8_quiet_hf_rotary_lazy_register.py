"""A rotary embedding that grows its cos/sin buffers lazily in forward when the sequence is longer than the
cache: `if seq_len > self.max_seq_len_cached:` on a shape, then `register_buffer` again. Dynamo traces the
re-registration without a break."""
import torch
from torch import nn


class LazyRotary(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=2, base=10000.0):
        super().__init__()
        self.dim = dim
        self.base = base
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cos_sin_cache(max_position_embeddings)

    def _set_cos_sin_cache(self, seq_len):
        self.max_seq_len_cached = seq_len
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, x):
        seq_len = x.shape[-2]
        if seq_len > self.max_seq_len_cached:
            self._set_cos_sin_cache(seq_len)
        return x * self.cos_cached[:seq_len] + x * self.sin_cached[:seq_len]


def example():
    return LazyRotary(), (torch.randn(1, 5, 4),)
