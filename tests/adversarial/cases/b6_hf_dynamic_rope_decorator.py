"""Rotary embedding whose forward is wrapped by a decorator that refreshes the inverse frequencies for
"dynamic" rope types before calling it. The refresh compares the longest position (a tensor) with the cached
length; the wrapped forward is pure tensor math."""
import functools

import torch
from torch import nn


def dynamic_rope_update(rope_forward):
    @functools.wraps(rope_forward)
    def wrapper(self, x, position_ids):
        if "dynamic" in self.rope_type:
            self._dynamic_frequency_update(position_ids, x.device)
        return rope_forward(self, x, position_ids)

    return wrapper


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=8, max_positions=4, base=10000.0, rope_type="dynamic"):
        super().__init__()
        self.rope_type = rope_type
        self.base, self.dim = base, dim
        self.max_seq_len_cached = max_positions
        self.original_max_seq_len = max_positions
        self.register_buffer("inv_freq", self._inv_freq(base), persistent=False)

    def _inv_freq(self, base):
        return 1.0 / (base ** (torch.arange(0, self.dim, 2, dtype=torch.float32) / self.dim))

    def _dynamic_frequency_update(self, position_ids, device):
        seq_len = torch.max(position_ids) + 1
        if seq_len > self.max_seq_len_cached:  # expect: CL101
            scaled_base = self.base * (seq_len / self.original_max_seq_len)
            self.register_buffer("inv_freq", self._inv_freq(scaled_base).to(device), persistent=False)
            self.max_seq_len_cached = seq_len

    @torch.no_grad()
    @dynamic_rope_update
    def forward(self, x, position_ids):
        freqs = position_ids[:, :, None].float() * self.inv_freq[None, None, :]
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


def example():
    return RotaryEmbedding(), (torch.randn(1, 3, 8), torch.arange(3)[None])
