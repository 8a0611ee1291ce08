"""Attention with the fused path chosen by an environment-derived flag, q/k norms that may be Identity,
dropout probability read from the module when training, and a manual softmax path for the other case."""
import torch
import torch.nn.functional as F
from torch import nn

from b11_quiet_timm_layers import LayerScale, use_fused_attn


class Attention(nn.Module):
    def __init__(self, dim, num_heads=2, qk_norm=False, attn_drop=0.1, fused=None):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = dim // num_heads
        self.scale = self.head_dim ** -0.5
        self.fused_attn = use_fused_attn() if fused is None else fused
        self.qkv = nn.Linear(dim, dim * 3)
        self.q_norm = nn.LayerNorm(self.head_dim) if qk_norm else nn.Identity()
        self.k_norm = nn.LayerNorm(self.head_dim) if qk_norm else nn.Identity()
        self.attn_drop = nn.Dropout(attn_drop)
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
            attn = self.attn_drop(attn.softmax(dim=-1))
            x = attn @ v
        return self.proj(x.transpose(1, 2).reshape(B, N, C))


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fused = Attention(dim, qk_norm=True)
        self.manual = Attention(dim, fused=False)
        self.ls = LayerScale(dim)

    def forward(self, x):
        x = x + self.ls(self.fused(self.norm(x)))
        return x + self.manual(x, attn_mask=torch.zeros(x.shape[1], x.shape[1]))


def example():
    return Block(), (torch.randn(2, 5, 8),)
