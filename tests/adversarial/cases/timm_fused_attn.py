"""timm Attention: `use_fused_attn()` read from the environment at init, sdpa or the manual path."""
import os

import torch
from torch import nn
import torch.nn.functional as F

_HAS_FUSED_ATTN = hasattr(torch.nn.functional, "scaled_dot_product_attention")
_EXPORTABLE = False
_USE_FUSED_ATTN = int(os.environ.get("TIMM_FUSED_ATTN", "1"))


def use_fused_attn(experimental: bool = False) -> bool:
    if not _HAS_FUSED_ATTN or _EXPORTABLE:
        return False
    if experimental:
        return _USE_FUSED_ATTN > 1
    return _USE_FUSED_ATTN > 0


class Attention(nn.Module):
    def __init__(self, dim=8, num_heads=2, qk_norm=True, fused=None):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.scale = self.head_dim ** -0.5
        self.fused_attn = use_fused_attn() if fused is None else fused
        self.qkv = nn.Linear(dim, dim * 3)
        self.q_norm = nn.LayerNorm(self.head_dim) if qk_norm else nn.Identity()
        self.k_norm = nn.LayerNorm(self.head_dim) if qk_norm else nn.Identity()
        self.attn_drop = nn.Dropout(0.0)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, attn_mask=None):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, self.head_dim).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        q, k = self.q_norm(q), self.k_norm(k)
        if self.fused_attn:
            x = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask,
                                               dropout_p=self.attn_drop.p if self.training else 0.)
        else:
            q = q * self.scale
            attn = q @ k.transpose(-2, -1)
            if attn_mask is not None:
                attn = attn + attn_mask
            attn = attn.softmax(dim=-1)
            attn = self.attn_drop(attn)
            x = attn @ v
        x = x.transpose(1, 2).reshape(B, N, C)
        return self.proj(x)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.fused = Attention(fused=True)
        self.manual = Attention(fused=False)

    def forward(self, x):
        return self.fused(x) + self.manual(x)


def example():
    return Both(), (torch.randn(2, 3, 8),)
