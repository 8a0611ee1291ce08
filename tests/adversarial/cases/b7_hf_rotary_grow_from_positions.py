"""A rotary embedding that grows its cos/sin cache when the longest position seen exceeds the cached length.
The length is taken from the position ids (a tensor), not from a shape, so the growth check reads data."""
import torch
from torch import nn


class RotaryBase(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=8, base=10000.0):
        super().__init__()
        self.dim = dim
        self.base = base
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self._set_cache(max_position_embeddings)

    def _set_cache(self, seq_len):
        self.max_seq_len_cached = seq_len
        t = torch.arange(seq_len, dtype=self.inv_freq.dtype)
        freqs = torch.outer(t, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.cos_cached = emb.cos()
        self.sin_cached = emb.sin()

    def forward(self, x, position_ids):
        seq_len = self.needed_length(position_ids)
        if seq_len > self.max_seq_len_cached:  # expect: CL101
            self._set_cache(seq_len)
        return self.cos_cached[position_ids].to(x.dtype), self.sin_cached[position_ids].to(x.dtype)

    def needed_length(self, position_ids):
        raise NotImplementedError


class DynamicRotary(RotaryBase):
    def needed_length(self, position_ids):
        return position_ids.max() + 1


def example():
    return DynamicRotary(), (torch.randn(1, 3, 4), torch.tensor([[0, 1, 2]]))
