"""Dynamic rotary scaling that grows its cache from the largest position id read as a Python number: `.item()`
breaks the graph."""
import torch
from torch import nn


class DynamicRotaryEmbedding(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=2, base=10000.0):
        super().__init__()
        self.dim = dim
        self.base = base
        self.max_seq_len_cached = max_position_embeddings
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x, position_ids):
        seq_len = position_ids.max().item() + 1  # expect: CL111
        if seq_len > self.max_seq_len_cached:
            self.max_seq_len_cached = seq_len
        freqs = position_ids[:, :, None].float() * self.inv_freq[None, None, :]
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


def example():
    return DynamicRotaryEmbedding(), (torch.randn(1, 3, 4), torch.arange(3)[None])
