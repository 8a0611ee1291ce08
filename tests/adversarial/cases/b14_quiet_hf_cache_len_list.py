"""A dynamic cache made in forward: `len(cache)` is the length of its Python list of layers, the past length
is the key's shape; nothing reads a tensor value."""
import torch
from torch import nn

from b14_hf_utils import Config, DynamicCache


class TwoLayerDecoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.k = nn.ModuleList([nn.Linear(config.hidden_size, config.hidden_size) for _ in range(2)])

    def forward(self, hidden):
        cache = DynamicCache()
        for layer_idx, proj in enumerate(self.k):
            key, value = cache.update(proj(hidden), hidden, layer_idx)
            hidden = hidden + (hidden @ key.transpose(-1, -2)).softmax(-1) @ value
        past_length = cache.key_cache[0].shape[-2] if len(cache) > 0 else 0
        return hidden, past_length


def example():
    return TwoLayerDecoder(), (torch.randn(1, 3, 8),)
