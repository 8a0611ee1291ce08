"""The same kind of attention registry, but the configured implementation is eager: the sdpa entry's mask
test is never called, and the eager path's mask handling is shape and None tests only."""
import torch
from torch import nn
from torch.nn import functional as F

from b12_quiet_hf_base import Config


def eager_attention_forward(module, query, key, value, attention_mask, scaling, dropout=0.0):
    weights = torch.matmul(query, key.transpose(-1, -2)) * scaling
    if attention_mask is not None:
        weights = weights + attention_mask[:, :, : key.shape[-2]]
    weights = F.dropout(weights.softmax(-1), p=dropout, training=module.training)
    return torch.matmul(weights, value), weights


def sdpa_attention_forward(module, query, key, value, attention_mask, scaling, dropout=0.0):
    is_causal = query.shape[-2] > 1 and attention_mask is None
    out = F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, is_causal=is_causal)
    return out, None


ATTENTION_FUNCTIONS = {"eager": eager_attention_forward, "sdpa": sdpa_attention_forward}


class SelfAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.scaling = config.hidden_size ** -0.5

    def forward(self, hidden_states, attention_mask=None, output_attentions=False):
        q, k, v = self.qkv(hidden_states).chunk(3, dim=-1)
        attention_interface = ATTENTION_FUNCTIONS[self.config._attn_implementation]
        out, weights = attention_interface(self, q, k, v, attention_mask, self.scaling)
        return (out, weights) if output_attentions else (out,)


def example():
    return SelfAttention(Config()), (torch.randn(1, 4, 8), torch.zeros(1, 4, 4))
