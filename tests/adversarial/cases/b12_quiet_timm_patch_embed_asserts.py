"""Patch embedding with `torch._assert` on static sizes, a padding amount computed from shapes, and the
library's fused-attention switch read from the environment once in __init__."""
import torch
from torch import nn
from torch.nn import functional as F

from b12_quiet_timm_registry import use_fused_attn


class PatchEmbed(nn.Module):
    def __init__(self, patch_size=2, in_chans=3, dim=8, strict_img_size=False, dynamic_img_pad=True):
        super().__init__()
        self.patch_size = patch_size
        self.strict_img_size = strict_img_size
        self.dynamic_img_pad = dynamic_img_pad
        self.proj = nn.Conv2d(in_chans, dim, patch_size, patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.strict_img_size:
            torch._assert(H % self.patch_size == 0, f"height {H} not divisible by {self.patch_size}")
        elif not self.dynamic_img_pad:
            torch._assert(W % self.patch_size == 0, f"width {W} not divisible by {self.patch_size}")
        if self.dynamic_img_pad:
            pad_h = (self.patch_size - H % self.patch_size) % self.patch_size
            pad_w = (self.patch_size - W % self.patch_size) % self.patch_size
            x = F.pad(x, (0, pad_w, 0, pad_h))
        return self.proj(x).flatten(2).transpose(1, 2)


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fused_attn = use_fused_attn()
        self.qkv = nn.Linear(dim, dim * 3)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if self.fused_attn:
            return F.scaled_dot_product_attention(q, k, v)
        return (q @ k.transpose(-2, -1) * q.shape[-1] ** -0.5).softmax(-1) @ v


class Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = PatchEmbed()
        self.attn = Attention()

    def forward(self, x):
        return self.attn(self.patch_embed(x))


def example():
    return Stem(), (torch.randn(1, 3, 5, 6),)
