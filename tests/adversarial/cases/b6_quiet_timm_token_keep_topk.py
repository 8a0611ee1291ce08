"""Token pruning by class attention (EViT style): the number of kept tokens is `math.ceil(keep_rate * (N -
1))` on a shape and a Python rate, the kept indices come from topk, and the fused tokens are gathered. The
early return compares two ints."""
import math

import torch
from torch import nn


class TokenKeeper(nn.Module):
    def __init__(self, dim=4, keep_rate=0.5, fuse_token=True):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.keep_rate = keep_rate
        self.fuse_token = fuse_token

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)) * C ** -0.5
        attn = attn.softmax(dim=-1)
        x = attn @ v
        left_tokens = math.ceil(self.keep_rate * (N - 1))
        if self.keep_rate == 1 or left_tokens == N - 1:
            return x, None
        cls_attn = attn[:, 0, 1:]
        _, idx = torch.topk(cls_attn, left_tokens, dim=1, largest=True, sorted=True)
        index = idx.unsqueeze(-1).expand(-1, -1, C)
        kept = torch.gather(x[:, 1:], dim=1, index=index)
        if self.fuse_token:
            compl = torch.ones_like(cls_attn, dtype=torch.bool).scatter(1, idx, False)
            weights = cls_attn.masked_fill(~compl, 0.0)
            extra = (x[:, 1:] * weights.unsqueeze(-1)).sum(dim=1, keepdim=True)
            kept = torch.cat([kept, extra], dim=1)
        return torch.cat([x[:, :1], kept], dim=1), idx


def example():
    return TokenKeeper(), (torch.randn(2, 7, 4),)
