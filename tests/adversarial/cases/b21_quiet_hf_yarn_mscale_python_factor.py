"""A YaRN rotary embedding scales cos/sin by an attention factor computed in a property with `math.log` of the
config's scaling factor, a Python float kept as a plain attribute."""
import math

import torch
from torch import nn


class YarnRotaryEmbedding(nn.Module):
    def __init__(self, dim=8, base=10000.0, rope_scaling=None):
        super().__init__()
        rope_scaling = rope_scaling or {"rope_type": "yarn", "factor": 4.0}
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.factor = rope_scaling["factor"]

    @property
    def attention_factor(self):
        return 0.1 * math.log(self.factor) + 1.0 if self.factor > 1 else 1.0

    def forward(self, x, position_ids):
        freqs = position_ids[..., None].float() * self.inv_freq
        emb = torch.cat((freqs, freqs), dim=-1)
        mscale = self.attention_factor
        return (emb.cos() * mscale).to(x.dtype), (emb.sin() * mscale).to(x.dtype)


def example():
    return YarnRotaryEmbedding(), (torch.randn(1, 3, 8), torch.arange(3)[None])
