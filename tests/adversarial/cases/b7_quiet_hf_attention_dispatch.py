"""Config-driven attention dispatch: a dict of attention functions keyed by `config._attn_implementation`,
the sdpa entry deciding `is_causal` from a shape and a None check, names built with f-strings."""
import torch
import torch.nn.functional as F
from torch import nn


def eager_attention_forward(module, query, key, value, attention_mask, scaling):
    weights = torch.matmul(query, key.transpose(2, 3)) * scaling
    if attention_mask is not None:
        weights = weights + attention_mask[:, :, :, : key.shape[-2]]
    return torch.matmul(weights.softmax(dim=-1), value)


def sdpa_attention_forward(module, query, key, value, attention_mask, scaling):
    is_causal = query.shape[2] > 1 and attention_mask is None and getattr(module, "is_causal", True)
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, is_causal=is_causal,
                                          scale=scaling)


ATTENTION_FUNCTIONS = {"eager": eager_attention_forward, "sdpa": sdpa_attention_forward}


class Config:
    _attn_implementation = "sdpa"
    hidden_size = 8
    num_attention_heads = 2


class Attention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.head_dim = config.hidden_size // config.num_attention_heads
        self.scaling = self.head_dim ** -0.5
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.is_causal = True

    def forward(self, hidden, attention_mask=None):
        bsz, seq, _ = hidden.shape
        shape = (bsz, seq, -1, self.head_dim)
        q, k, v = (t.view(shape).transpose(1, 2) for t in self.qkv(hidden).chunk(3, dim=-1))
        attention_interface = ATTENTION_FUNCTIONS[self.config._attn_implementation]
        key_name = f"{self.config._attn_implementation}_{seq}"
        out = attention_interface(self, q, k, v, attention_mask, self.scaling)
        return {key_name: out.transpose(1, 2).reshape(bsz, seq, -1)}


def example():
    return Attention(), (torch.randn(2, 3, 8),)
