"""A static cache whose `get_seq_length` counts the occupied slots (a tensor); the model turns it into
`cache_position` with `torch.arange`, so the start of the range is a 0-dim tensor."""
import torch
from torch import nn


class StaticCache:
    def __init__(self, batch_size=2, max_cache_len=8, dim=8):
        self.key_cache = [torch.zeros(batch_size, 1, max_cache_len, dim)]
        self.value_cache = [torch.zeros(batch_size, 1, max_cache_len, dim)]

    def get_seq_length(self, layer_idx=0):
        return (self.key_cache[layer_idx][0, 0].any(dim=-1)).sum()

    def get_max_cache_shape(self):
        return self.key_cache[0].shape[2]


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(16, dim)
        self.layer = nn.Linear(dim, dim)

    def _cache_position(self, past_key_values, inputs_embeds):
        past_seen_tokens = past_key_values.get_seq_length() if past_key_values is not None else 0
        return torch.arange(past_seen_tokens, past_seen_tokens + inputs_embeds.shape[1])  # known-miss: CL124

    def forward(self, input_ids, past_key_values=None, cache_position=None):
        inputs_embeds = self.embed(input_ids)
        if cache_position is None:
            cache_position = self._cache_position(past_key_values, inputs_embeds)
        position_ids = cache_position.unsqueeze(0)
        return self.layer(inputs_embeds) + position_ids[..., None]


def example():
    return Model(), (torch.randint(0, 16, (2, 3)), StaticCache())
