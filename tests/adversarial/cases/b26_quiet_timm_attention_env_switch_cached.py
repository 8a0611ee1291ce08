"""The attention block's twin: the path is chosen by the layers file's `lru_cache`d environment switch (read in
forward; dynamo traces it), nothing is logged."""
import torch
import torch.nn.functional as F
from torch import nn

from b26_timm_layers import fused_attn_enabled, to_2tuple


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.window = to_2tuple(3)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if fused_attn_enabled() and x.shape[1] <= self.window[0]:
            return F.scaled_dot_product_attention(q, k, v)
        attn = (q @ k.transpose(-2, -1)) * q.shape[-1] ** -0.5
        return attn.softmax(dim=-1) @ v


def example():
    return Attention(), (torch.randn(2, 3, 4),)
