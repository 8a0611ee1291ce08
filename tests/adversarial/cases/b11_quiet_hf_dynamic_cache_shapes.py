"""A dynamic cache whose `get_seq_length` reads a shape (an int) and a model that builds `cache_position`
from it with `torch.arange`, then a causal mask comparing an arange with `cache_position`."""
import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []
        self.value_cache = []

    def get_seq_length(self, layer_idx=0):
        if len(self.key_cache) <= layer_idx or self.key_cache[layer_idx].numel() == 0:
            return 0
        return self.key_cache[layer_idx].shape[-2]


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(16, dim)
        self.layer = nn.Linear(dim, dim)

    def _causal_mask(self, cache_position, seq, target_length, dtype):
        min_dtype = torch.finfo(dtype).min
        mask = torch.full((seq, target_length), fill_value=min_dtype, dtype=dtype)
        if seq != 1:
            mask = torch.triu(mask, diagonal=1)
        mask *= torch.arange(target_length) > cache_position.reshape(-1, 1)
        return mask[None, None]

    def forward(self, input_ids, past_key_values, cache_position=None, position_ids=None):
        inputs_embeds = self.embed(input_ids)
        if cache_position is None:
            past_seen_tokens = past_key_values.get_seq_length() if past_key_values is not None else 0
            cache_position = torch.arange(past_seen_tokens, past_seen_tokens + inputs_embeds.shape[1])
        if position_ids is None:
            position_ids = cache_position.unsqueeze(0)
        target_length = past_key_values.get_seq_length() + inputs_embeds.shape[1]
        mask = self._causal_mask(cache_position, inputs_embeds.shape[1], target_length, inputs_embeds.dtype)
        return self.layer(inputs_embeds) + mask.mean() + position_ids[..., None]


def example():
    cache = DynamicCache()
    cache.key_cache.append(torch.zeros(2, 1, 3, 8))
    return Model(), (torch.randint(0, 16, (2, 4)), cache)
