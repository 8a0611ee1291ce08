"""The sdpa fast path decided from shapes and Python flags only: `query_length == 1 or key_length ==
query_length` and `attention_mask is None` pick `is_causal`, never the mask's values."""
import torch
from torch import nn


def _use_is_causal(attention_mask, query_length, key_length, is_training):
    if attention_mask is not None:
        return False
    if is_training:
        return True
    return query_length > 1 and key_length == query_length


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden_states, attention_mask=None):
        bsz, seq, dim = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(bsz, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        is_causal = _use_is_causal(attention_mask, q.shape[2], k.shape[2], self.training)
        mask = None if attention_mask is None else attention_mask[:, None, None, :].bool()
        out = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=is_causal)
        return out.transpose(1, 2).reshape(bsz, seq, dim)


def example():
    return Attention(), (torch.randn(2, 4, 8),)
