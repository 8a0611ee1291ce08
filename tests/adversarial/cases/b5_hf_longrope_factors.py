"""LongRoPE-style frequency selection: the model keeps a short and a long rescale-factor table and picks one
by comparing the longest position it is asked for with the pretraining length. The position comes from the
position_ids tensor, so the pick is a branch on tensor data; the attention scaling computed from Python
config floats is not."""
import math

import torch
from torch import nn


class LongRopeEmbedding(nn.Module):
    def __init__(self, head_dim=8, original_max=4, max_positions=16, base=10000.0):
        super().__init__()
        self.original_max = original_max
        half = head_dim // 2
        self.register_buffer("short_factor", torch.ones(half), persistent=False)
        self.register_buffer("long_factor", torch.linspace(1.0, 4.0, half), persistent=False)
        exponent = torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim
        self.register_buffer("base_inv_freq", 1.0 / (base ** exponent), persistent=False)
        scale = max_positions / original_max
        self.attention_scaling = math.sqrt(1 + math.log(scale) / math.log(original_max)) if scale > 1.0 else 1.0

    def forward(self, x, position_ids):
        seq_len = torch.max(position_ids) + 1
        factors = self.long_factor if seq_len > self.original_max else self.short_factor  # expect: CL101
        inv_freq = self.base_inv_freq / factors
        freqs = position_ids[:, :, None].float() * inv_freq[None, None, :]
        emb = torch.cat((freqs, freqs), dim=-1)
        return (emb.cos() * self.attention_scaling).to(x.dtype), (emb.sin() * self.attention_scaling).to(x.dtype)


def example():
    return LongRopeEmbedding(), (torch.randn(1, 6, 8), torch.arange(6).unsqueeze(0))
