"""A static cache keeps how many positions each layer has filled in a tensor; its `__getitem__` trims the
stored keys to that count, and the attention layer reads `past_key_values[layer_idx]`."""
import torch
from torch import nn

from b15_hf_utils import Config


class FilledStaticCache:
    def __init__(self, num_layers, max_len, dim):
        self.keys = [torch.zeros(1, max_len, dim) for _ in range(num_layers)]
        self.filled = torch.zeros(num_layers, dtype=torch.long)

    def update(self, key, layer_idx):
        n = key.shape[1]
        self.keys[layer_idx][:, :n] = key
        self.filled[layer_idx] = n

    def __getitem__(self, layer_idx):
        return self.keys[layer_idx][:, : self.filled[layer_idx]]  # known-miss: CL114


class CachedSelfAttention(nn.Module):
    def __init__(self, config=Config(), layer_idx=0):
        super().__init__()
        self.layer_idx = layer_idx
        self.k_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, past_key_values):
        key = self.k_proj(hidden_states)
        past_key_values.update(key, self.layer_idx)
        keys = past_key_values[self.layer_idx]
        return hidden_states @ keys.transpose(1, 2)


def example():
    return CachedSelfAttention(), (torch.randn(1, 3, 8), FilledStaticCache(2, 6, 8))
