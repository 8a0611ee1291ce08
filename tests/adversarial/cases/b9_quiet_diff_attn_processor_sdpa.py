"""A processor picked at construction from `hasattr(F, "scaled_dot_product_attention")`, with the mask
prepared by shape arithmetic and `math.sqrt(head_dim)` scaling in the fallback."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class AttnProcessor2_0:
    def __call__(self, attn, hidden_states, attention_mask=None):
        b, n, _ = hidden_states.shape
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        q, k, v = (t.view(b, -1, attn.heads, attn.head_dim).transpose(1, 2) for t in (q, k, v))
        if attention_mask is not None:
            attention_mask = attention_mask.view(b, 1, -1, attention_mask.shape[-1])
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attention_mask)
        return attn.to_out(out.transpose(1, 2).reshape(b, n, attn.heads * attn.head_dim))


class AttnProcessorClassic:
    def __call__(self, attn, hidden_states, attention_mask=None):
        b, n, _ = hidden_states.shape
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
        if attention_mask is not None:
            scores = scores + attention_mask
        return attn.to_out(scores.softmax(-1) @ v)


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.scale = self.head_dim ** -0.5
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.processor = AttnProcessor2_0() if hasattr(F, "scaled_dot_product_attention") else AttnProcessorClassic()

    def forward(self, hidden_states, attention_mask=None):
        return self.processor(self, hidden_states, attention_mask=attention_mask)


def example():
    mask = torch.zeros(2, 3, 3)
    return Attention(), (torch.randn(2, 3, 8), mask)
