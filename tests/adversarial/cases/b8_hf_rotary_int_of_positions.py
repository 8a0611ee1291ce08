"""A rotary embedding whose cos/sin cache is sized from the largest position id: `int(position_ids.max())`
turns a tensor into a Python int to compare it with the cached length."""
import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=4, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.max_seq_len_cached = max_position_embeddings

    def forward(self, x, position_ids):
        seq_len = int(position_ids.max()) + 1  # expect: CL111
        if seq_len > self.max_seq_len_cached:
            self.max_seq_len_cached = seq_len
        freqs = position_ids[..., None].float() * self.inv_freq
        emb = torch.cat((freqs, freqs), dim=-1)
        return x * emb.cos() + x * emb.sin()


def example():
    return RotaryEmbedding(), (torch.randn(1, 3, 4), torch.arange(3)[None])
