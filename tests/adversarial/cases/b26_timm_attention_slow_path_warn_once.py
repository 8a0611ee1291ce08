"""An attention block warns once (the layers file's `lru_cache`d helper, which logs) when fused attention is off."""
import torch
import torch.nn.functional as F
from torch import nn

from b26_timm_layers import warn_once


class Attention(nn.Module):
    def __init__(self, dim=4, fused=False):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.fused_attn = fused

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if self.fused_attn:
            return F.scaled_dot_product_attention(q, k, v)
        warn_once("Attention: fused attention disabled, using the reference path")
        attn = (q @ k.transpose(-2, -1)) * q.shape[-1] ** -0.5
        return attn.softmax(dim=-1) @ v


def example():
    return Attention(), (torch.randn(2, 3, 4),)
