"""Dynamic NTK rotary scaling on Python ints: `seq_len = x.shape[-2]` and `max(seq_len,
self.max_seq_len_cached)` are shapes and attributes, so the scaling arithmetic stays in Python."""
import torch
from torch import nn


class DynamicNTKRotary(nn.Module):
    def __init__(self, dim=4, base=10000.0, max_position_embeddings=4, scaling_factor=2.0):
        super().__init__()
        self.dim = dim
        self.base = base
        self.scaling_factor = scaling_factor
        self.max_position_embeddings = max_position_embeddings
        self.max_seq_len_cached = max_position_embeddings

    def forward(self, x, position_ids):
        seq_len = x.shape[-2]
        seq_len = max(seq_len, self.max_seq_len_cached)
        base = self.base * (
            (self.scaling_factor * seq_len / self.max_position_embeddings) - (self.scaling_factor - 1)
        ) ** (self.dim / (self.dim - 2))
        inv_freq = 1.0 / (base ** (torch.arange(0, self.dim, 2, dtype=torch.float32) / self.dim))
        freqs = position_ids[..., None].float() * inv_freq
        emb = torch.cat((freqs, freqs), dim=-1)
        return x * emb.cos() - x * emb.sin()


def example():
    return DynamicNTKRotary(), (torch.randn(2, 6, 4), torch.arange(6).expand(2, 6))
