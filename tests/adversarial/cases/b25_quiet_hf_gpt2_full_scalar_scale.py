"""A GPT-2-style attention scales its weights by a 0-d tensor made with `torch.full([], value.size(-1) ** 0.5)` and
masks with `torch.full([], finfo.min)` sliced from a causal buffer by key and query lengths."""
import torch
from torch import nn


class GPT2Attention(nn.Module):
    def __init__(self, dim=8, max_positions=8):
        super().__init__()
        self.c_attn = nn.Linear(dim, 3 * dim)
        self.register_buffer("bias", torch.tril(torch.ones(max_positions, max_positions, dtype=torch.bool))[None, None],
                             persistent=False)
        self.scale_attn_weights = True

    def forward(self, hidden):
        query, key, value = self.c_attn(hidden)[:, None].chunk(3, dim=-1)
        attn_weights = query @ key.transpose(-1, -2)
        if self.scale_attn_weights:
            attn_weights = attn_weights / torch.full([], value.size(-1) ** 0.5, dtype=attn_weights.dtype)
        query_length, key_length = query.size(-2), key.size(-2)
        causal_mask = self.bias[:, :, key_length - query_length: key_length, :key_length]
        mask_value = torch.full([], torch.finfo(attn_weights.dtype).min, dtype=attn_weights.dtype)
        attn_weights = torch.where(causal_mask, attn_weights, mask_value)
        return attn_weights.softmax(-1) @ value


def example():
    return GPT2Attention(), (torch.randn(2, 4, 8),)
