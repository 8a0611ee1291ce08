"""SwinV2 cosine attention: the learnable logit scale is clamped at `math.log(1 / 0.01)` (a Python constant) and
exponentiated as a tensor."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class CosineAttention(nn.Module):
    def __init__(self, dim=4, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.logit_scale = nn.Parameter(torch.log(10 * torch.ones(heads, 1, 1)))

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        attn = F.normalize(q, dim=-1) @ F.normalize(k, dim=-1).transpose(-2, -1)
        logit_scale = torch.clamp(self.logit_scale, max=math.log(1.0 / 0.01)).exp()
        attn = (attn * logit_scale).softmax(dim=-1)
        return (attn @ v).transpose(1, 2).reshape(B, N, C)


def example():
    return CosineAttention(), (torch.randn(2, 3, 4),)
