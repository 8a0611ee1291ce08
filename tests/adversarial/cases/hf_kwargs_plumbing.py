"""`**kwargs` plumbing: flags read with kwargs.get, an attention function picked from a registry dict."""
import torch
from torch import nn
import torch.nn.functional as F

import compilelint


def eager_attention_forward(module, query, key, value, attention_mask, scaling, **kwargs):
    attn_weights = torch.matmul(query, key.transpose(-1, -2)) * scaling
    if attention_mask is not None:
        attn_weights = attn_weights + attention_mask
    attn_weights = F.softmax(attn_weights, dim=-1)
    return torch.matmul(attn_weights, value), attn_weights


def sdpa_attention_forward(module, query, key, value, attention_mask, scaling, **kwargs):
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask, scale=scaling), None


ALL_ATTENTION_FUNCTIONS = {"eager": eager_attention_forward, "sdpa": sdpa_attention_forward}


class Config:
    _attn_implementation = "sdpa"


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()
        self.proj = nn.Linear(8, 24)

    def forward(self, hidden_states, attention_mask=None, **kwargs):
        q, k, v = self.proj(hidden_states).chunk(3, dim=-1)
        attention_interface = eager_attention_forward
        if self.config._attn_implementation != "eager":
            if kwargs.get("output_attentions", False):
                attention_interface = eager_attention_forward
            else:
                attention_interface = ALL_ATTENTION_FUNCTIONS[self.config._attn_implementation]
        kwargs.pop("num_items_in_batch", None)
        out, weights = attention_interface(self, q, k, v, attention_mask, scaling=8 ** -0.5, **kwargs)
        position_ids = kwargs.get("position_ids")
        if position_ids is not None and (position_ids < 0).any():  # expect: CL101
            out = out * 0
        return out, weights


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, hidden_states, **kwargs):
        return self.attn(hidden_states, **kwargs)[0]


def example():
    return compilelint.Example(Model(), (torch.randn(2, 3, 8),),
                               kwargs={"position_ids": torch.arange(3)[None], "num_items_in_batch": 4})
