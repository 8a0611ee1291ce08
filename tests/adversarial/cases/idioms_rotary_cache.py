"""Llama-style rotary embedding with a cos/sin cache grown on demand: `seq_len` from a shape is a Python
int; `seq_len` from `position_ids.max() + 1` is a tensor and the cache check then reads data."""
import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=8, base=10000):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cos_sin_cache(max_position_embeddings)

    def _set_cos_sin_cache(self, seq_len):
        self.max_seq_len_cached = seq_len
        t = torch.arange(self.max_seq_len_cached, dtype=self.inv_freq.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos_cached", emb.cos(), persistent=False)
        self.register_buffer("sin_cached", emb.sin(), persistent=False)

    def forward(self, x, position_ids):
        seq_len = x.shape[-2]
        if seq_len > self.max_seq_len_cached:
            self._set_cos_sin_cache(seq_len)
        needed = position_ids.max() + 1
        if needed > self.max_seq_len_cached:  # expect: CL101
            x = x * 0.5
        return self.cos_cached[:seq_len] * x, self.sin_cached[position_ids] * x


def example():
    return RotaryEmbedding(), (torch.randn(2, 5, 4), torch.arange(5).unsqueeze(0))
