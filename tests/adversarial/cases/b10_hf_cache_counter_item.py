"""A cache that counts the tokens it has seen in a 0-d tensor buffer; `get_seq_length()` answers with
`.item()`, so every caller gets a Python int read from a tensor."""
import torch
from torch import nn


class CountingCache:
    def __init__(self):
        self.key_cache = []
        self._seen_tokens = torch.zeros((), dtype=torch.long)

    def update(self, key_states):
        self._seen_tokens = self._seen_tokens + key_states.shape[-2]
        self.key_cache.append(key_states)
        return torch.cat(self.key_cache, dim=-2)

    def get_seq_length(self):
        return self._seen_tokens.item()  # expect: CL111


class Decoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.k = nn.Linear(dim, dim)

    def forward(self, hidden_states, past_key_values):
        past_seen = past_key_values.get_seq_length()
        keys = past_key_values.update(self.k(hidden_states))
        cache_position = torch.arange(past_seen, past_seen + hidden_states.shape[1])
        return keys.sum(1) + cache_position.sum()


def example():
    return Decoder(), (torch.randn(2, 3, 8), CountingCache())
