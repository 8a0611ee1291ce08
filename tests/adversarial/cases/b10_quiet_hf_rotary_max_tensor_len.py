"""Dynamic rotary scaling grows its cache to `max(seq_len, self.max_seq_len_cached)`, with the length taken
from the position ids (`position_ids.max() + 1`), a tensor: dynamo traces the builtin `max` of a tensor and an
int as a tensor op (planned as a break, it compiled)."""
import torch
from torch import nn


class DynamicRotary(nn.Module):
    def __init__(self, dim=4, base=10000.0, max_position_embeddings=16):
        super().__init__()
        self.dim = dim
        self.base = base
        self.max_seq_len_cached = max_position_embeddings
        self.original_max = max_position_embeddings
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x, position_ids):
        seq_len = position_ids.max() + 1
        new_len = max(seq_len, self.max_seq_len_cached)
        scale = new_len / self.original_max
        freqs = position_ids[..., None].float() * self.inv_freq / scale
        emb = torch.cat((freqs, freqs), dim=-1)
        return x * emb.cos() + x * emb.sin()


def example():
    return DynamicRotary(), (torch.randn(2, 5, 4), torch.arange(5).expand(2, 5))
