"""Rotary scaling chosen from a config dict: `rope_scaling.get("rope_type", ...)`, a dynamic-NTK branch taken
on a sequence length from a shape (a Python int), and an attention factor from `math.log`."""
import math

import torch
from torch import nn


class Config:
    head_dim = 4
    max_position_embeddings = 4
    rope_theta = 10000.0
    rope_scaling = {"rope_type": "dynamic", "factor": 2.0}


class RotaryEmbedding(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        scaling = config.rope_scaling
        self.rope_type = scaling.get("rope_type", scaling.get("type", "default")) if scaling is not None else "default"
        self.factor = scaling.get("factor", 1.0) if scaling else 1.0
        self.base = config.rope_theta
        self.dim = config.head_dim
        self.original_max_seq_len = config.max_position_embeddings
        self.attention_factor = 0.1 * math.log(self.factor) + 1.0

    def _inv_freq(self, seq_len):
        base = self.base
        if self.rope_type == "dynamic" and seq_len > self.original_max_seq_len:
            base = base * ((self.factor * seq_len / self.original_max_seq_len) - (self.factor - 1)) ** (
                self.dim / (self.dim - 2))
        return 1.0 / (base ** (torch.arange(0, self.dim, 2, dtype=torch.float32) / self.dim))

    def forward(self, x, position_ids):
        seq_len = x.shape[-2]
        freqs = position_ids[..., None].float() * self._inv_freq(seq_len)
        emb = torch.cat((freqs, freqs), dim=-1)
        return emb.cos() * self.attention_factor, emb.sin() * self.attention_factor


def example():
    return RotaryEmbedding(), (torch.randn(1, 6, 4), torch.arange(6)[None])
