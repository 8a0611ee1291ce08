"""Attention implementations registered in a module-level dict and picked by the config's implementation
name at call time. The sdpa function drops an all-ones mask by asking `torch.all(mask == 1)` as a Python bool;
the eager one is never looked up."""
import torch
import torch.nn.functional as F
from torch import nn


def eager_attention_forward(module, query, key, value, attention_mask, scaling):
    weights = (query @ key.transpose(-1, -2)) * scaling
    if attention_mask is not None:
        weights = weights + attention_mask[:, :, :, : key.shape[-2]]
    print("eager path")  # known-fp: CL131
    return weights.softmax(-1) @ value


def sdpa_attention_forward(module, query, key, value, attention_mask, scaling):
    if attention_mask is not None and torch.all(attention_mask == 0):  # expect: CL101
        attention_mask = None
    is_causal = query.shape[2] > 1 and attention_mask is None and module.is_causal
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, is_causal=is_causal,
                                          scale=scaling)


ALL_ATTENTION_FUNCTIONS = {"eager": eager_attention_forward, "sdpa": sdpa_attention_forward}


class Config:
    _attn_implementation = "sdpa"
    hidden_size = 8
    num_heads = 2


class Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.is_causal = True
        self.head_dim = config.hidden_size // config.num_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)

    def forward(self, hidden_states, attention_mask=None):
        b, s, _ = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(b, s, 3, -1, self.head_dim).permute(2, 0, 3, 1, 4)
        attention_interface = eager_attention_forward
        if self.config._attn_implementation != "eager":
            attention_interface = ALL_ATTENTION_FUNCTIONS[self.config._attn_implementation]
        out = attention_interface(self, q, k, v, attention_mask, self.head_dim ** -0.5)
        return out.transpose(1, 2).reshape(b, s, -1)


def example():
    return Attention(Config()), (torch.randn(1, 3, 8), torch.zeros(1, 1, 3, 3))
