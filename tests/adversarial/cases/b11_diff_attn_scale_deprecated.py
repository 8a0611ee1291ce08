"""A transformer block whose attention processor still accepts the deprecated `scale` argument; the block
forwards `cross_attention_kwargs` that carry it (the example passes `scale`), so the in-file `deprecate`
helper warns from inside the processor."""
import warnings

import torch
import torch.nn.functional as F
from torch import nn


def deprecate(name, version, message, standard_warn=True):
    text = f"`{name}` is deprecated and will be removed in version {version}."
    if standard_warn:
        text = text + " " + message
    warnings.warn(text, FutureWarning, stacklevel=3)  # expect: CL131


class AttnProcessor2_0:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None, temb=None,
                 *args, **kwargs):
        if len(args) > 0 or kwargs.get("scale", None) is not None:
            deprecate("scale", "1.0.0", "The `scale` argument is deprecated and will be ignored.")
        residual = hidden_states
        batch_size = hidden_states.shape[0]
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        query = attn.to_q(hidden_states).view(batch_size, -1, attn.heads, attn.head_dim).transpose(1, 2)
        key = attn.to_k(context).view(batch_size, -1, attn.heads, attn.head_dim).transpose(1, 2)
        value = attn.to_v(context).view(batch_size, -1, attn.heads, attn.head_dim).transpose(1, 2)
        hidden_states = F.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask)
        hidden_states = hidden_states.transpose(1, 2).reshape(batch_size, -1, attn.heads * attn.head_dim)
        hidden_states = attn.to_out(hidden_states)
        if attn.residual_connection:
            hidden_states = hidden_states + residual
        return hidden_states / attn.rescale_output_factor


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)
        self.residual_connection = False
        self.rescale_output_factor = 1.0
        self.processor = AttnProcessor2_0()

    def forward(self, hidden_states, encoder_hidden_states=None, attention_mask=None, **cross_attention_kwargs):
        return self.processor(self, hidden_states, encoder_hidden_states, attention_mask, **cross_attention_kwargs)


class BasicTransformerBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn1 = Attention(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, hidden_states, cross_attention_kwargs=None):
        cross_attention_kwargs = cross_attention_kwargs.copy() if cross_attention_kwargs is not None else {}
        hidden_states = self.attn1(self.norm1(hidden_states), **cross_attention_kwargs) + hidden_states
        return self.ff(hidden_states) + hidden_states


def example():
    return BasicTransformerBlock(), (torch.randn(2, 4, 8), {"scale": 0.5})
