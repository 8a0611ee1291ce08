"""Attention kwargs plumbing: unexpected keys are found through inspect.signature of the processor and
reported with logger.warning (a break when the caller passes one), deprecated positional extras are never
passed, and the repeat_kv / head_mask arithmetic compiles."""
import inspect
import logging

import torch
import torch.nn.functional as F
from torch import nn

logger = logging.getLogger(__name__)


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


class SdpaProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None, head_mask=None):
        b, n, _ = hidden_states.shape
        q = attn.q(hidden_states).view(b, n, attn.heads, -1).transpose(1, 2)
        k = attn.k(hidden_states).view(b, n, attn.kv_heads, -1).transpose(1, 2)
        v = attn.v(hidden_states).view(b, n, attn.kv_heads, -1).transpose(1, 2)
        k = repeat_kv(k, attn.heads // attn.kv_heads)
        v = repeat_kv(v, attn.heads // attn.kv_heads)
        is_causal = q.shape[2] > 1 and attention_mask is None and getattr(attn, "is_causal", True)
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attention_mask, is_causal=is_causal)
        if head_mask is not None:
            out = out * head_mask.view(1, -1, 1, 1)
        return out.transpose(1, 2).reshape(b, n, -1)


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2, kv_heads=1):
        super().__init__()
        self.heads, self.kv_heads = heads, kv_heads
        head_dim = dim // heads
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, kv_heads * head_dim)
        self.v = nn.Linear(dim, kv_heads * head_dim)
        self.processor = SdpaProcessor()

    def forward(self, hidden_states, attention_mask=None, *args, **cross_attention_kwargs):
        if len(args) > 0:
            logger.warning("positional arguments are deprecated and will be ignored")  # known-fp: CL131
        attn_parameters = set(inspect.signature(self.processor.__call__).parameters.keys())
        unused_kwargs = [k for k, _ in cross_attention_kwargs.items() if k not in attn_parameters]
        if len(unused_kwargs) > 0:
            logger.warning(  # expect: CL131
                f"cross_attention_kwargs {unused_kwargs} are not expected by {self.processor.__class__.__name__}")
        cross_attention_kwargs = {k: w for k, w in cross_attention_kwargs.items() if k in attn_parameters}
        return self.processor(self, hidden_states, attention_mask=attention_mask, **cross_attention_kwargs)


def example():
    from compilelint.example import Example

    return Example(Attention(), (torch.randn(2, 3, 8),), kwargs={"scale": 1.0, "head_mask": torch.ones(2)})
