"""The attention implementation is chosen per call through a module-level `contextvars.ContextVar` (so that
threads and tasks can differ): its `.get()` is a C method."""
import contextvars

import torch
import torch.nn.functional as F
from torch import nn

_ATTN_IMPL = contextvars.ContextVar("attn_implementation", default="sdpa")


def eager_attention(q, k, v):
    w = torch.softmax(q @ k.transpose(-1, -2) / q.size(-1) ** 0.5, dim=-1)
    return w @ v


ATTENTION_FUNCTIONS = {"eager": eager_attention, "sdpa": F.scaled_dot_product_attention}


class SelfAttention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = ATTENTION_FUNCTIONS[_ATTN_IMPL.get()]  # expect: CL163
        return attn(q, k, v)


def example():
    return SelfAttention(), (torch.randn(2, 3, 4),)
