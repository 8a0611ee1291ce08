"""`if past_key_values:` on a cache whose `__bool__` is the length of a Python list (b15_hf_utils' ListCache),
and `if cache is not None and cache:` on an empty one: Python facts."""
import torch
from torch import nn

from b15_hf_utils import Config, ListCache


class DecoderLayer(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.v_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, past_key_values=None):
        value = self.v_proj(hidden_states)
        if past_key_values is not None and past_key_values:
            value = torch.cat([past_key_values.key_cache[0], value], dim=1)
        return value.mean(1)


def example():
    cache = ListCache(2)
    cache.update(torch.randn(1, 2, 8), 0)
    return DecoderLayer(), (torch.randn(1, 3, 8), cache)
