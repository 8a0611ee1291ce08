"""The usual decoder prologue: `past_seen = cache.get_seq_length()` (an int read from key shapes),
`cache_position = torch.arange(past_seen, past_seen + seq)`, `position_ids = cache_position.unsqueeze(0)`,
and a causal mask built by comparing with `cache_position.reshape(-1, 1)`."""
import torch
from torch import nn


class DynamicCache:
    def __init__(self):
        self.key_cache = []

    def get_seq_length(self, layer_idx=0):
        if len(self.key_cache) <= layer_idx:
            return 0
        return self.key_cache[layer_idx].shape[-2]

    def update(self, key_states, layer_idx=0):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key_states)  # known-fp: CL203
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key_states], dim=-2)
        return self.key_cache[layer_idx]


class Model(nn.Module):
    def __init__(self, vocab=9, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(32, dim)

    def forward(self, input_ids, past_key_values=None, cache_position=None, position_ids=None):
        if past_key_values is None:
            past_key_values = DynamicCache()
        inputs_embeds = self.embed(input_ids)
        if cache_position is None:
            past_seen = past_key_values.get_seq_length()
            cache_position = torch.arange(past_seen, past_seen + inputs_embeds.shape[1], device=inputs_embeds.device)
        if position_ids is None:
            position_ids = cache_position.unsqueeze(0)
        keys = past_key_values.update(inputs_embeds + self.pos(position_ids))
        target_len = keys.shape[-2]
        causal = torch.arange(target_len) > cache_position.reshape(-1, 1)
        scores = inputs_embeds @ keys.transpose(-1, -2)
        return scores.masked_fill(causal, torch.finfo(scores.dtype).min).softmax(-1) @ keys


def example():
    return Model(), (torch.randint(0, 9, (2, 4)),)
