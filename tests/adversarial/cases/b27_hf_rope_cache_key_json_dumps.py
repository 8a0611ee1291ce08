"""A rotary embedding caches its inverse frequencies per scaling config, keyed by the config serialised with
`json.dumps(sort_keys=True)` (so that equal dicts share an entry): the JSON encoder is a C accelerator."""
import json

import torch
from torch import nn


class RotaryEmbedding(nn.Module):
    def __init__(self, dim=4, rope_scaling=None):
        super().__init__()
        self.dim = dim
        self.rope_scaling = rope_scaling or {"rope_type": "linear", "factor": 2.0}
        self._cache = {}

    def inv_freq(self):
        key = json.dumps(self.rope_scaling, sort_keys=True)  # expect: CL153
        if key not in self._cache:
            base = 1.0 / (10000 ** (torch.arange(0, self.dim, 2).float() / self.dim))
            self._cache[key] = base / self.rope_scaling["factor"]
        return self._cache[key]

    def forward(self, x, position_ids):
        freqs = position_ids[..., None].float() * self.inv_freq()
        emb = torch.cat([freqs, freqs], dim=-1)
        return x * emb.cos() + x * emb.sin()


def example():
    return RotaryEmbedding(), (torch.randn(2, 3, 4), torch.arange(3).expand(2, 3))
