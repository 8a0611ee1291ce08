"""The rotary cache grown from the sequence length read off the shape: a Python int under dynamo, nothing breaks."""
import torch
from torch import nn


class ShapeRotaryEmbedding(nn.Module):
    def __init__(self, dim=4, max_position_embeddings=2, base=10000.0):
        super().__init__()
        self.max_seq_len_cached = max_position_embeddings
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x, position_ids):
        seq_len = position_ids.shape[-1]
        if seq_len > self.max_seq_len_cached:
            scale = seq_len / self.max_seq_len_cached
        else:
            scale = 1.0
        freqs = position_ids[:, :, None].float() * self.inv_freq[None, None, :] / scale
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos().to(x.dtype), emb.sin().to(x.dtype)


def example():
    return ShapeRotaryEmbedding(), (torch.randn(1, 3, 4), torch.arange(3)[None])
