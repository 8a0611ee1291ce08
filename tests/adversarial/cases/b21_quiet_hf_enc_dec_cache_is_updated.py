"""Cross-attention with an encoder-decoder cache: the cache keeps a dict of Python flags saying which layers have
computed their cross keys already; the layer reuses them or projects and stores them (dict mutation)."""
import torch
from torch import nn


class EncoderDecoderCache:
    def __init__(self):
        self.is_updated = {}
        self.cross_keys = {}


class CrossAttention(nn.Module):
    def __init__(self, dim=8, layer_idx=0):
        super().__init__()
        self.q, self.k = nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.layer_idx = layer_idx

    def forward(self, hidden, encoder_hidden, cache: EncoderDecoderCache):
        is_updated = cache.is_updated.get(self.layer_idx, False)
        if is_updated:
            keys = cache.cross_keys[self.layer_idx]
        else:
            keys = self.k(encoder_hidden)
            cache.cross_keys[self.layer_idx] = keys
            cache.is_updated[self.layer_idx] = True
        return (self.q(hidden) @ keys.transpose(-1, -2)).softmax(-1) @ encoder_hidden


def example():
    return CrossAttention(), (torch.randn(1, 2, 8), torch.randn(1, 5, 8), EncoderDecoderCache())
