"""Position-embedding resampling and patch-embedding asserts on shapes: `int(math.sqrt(...))` of a token
count, `torch._assert` with an f-string message of ints, and `F.interpolate` to a size read off the input."""
import math

import torch
import torch.nn.functional as F
from torch import nn

from b11_quiet_timm_layers import to_2tuple

_assert = torch._assert


def resample_abs_pos_embed(posemb, new_size, num_prefix_tokens=1, interpolation="bicubic", antialias=True):
    num_pos_tokens = posemb.shape[1]
    num_new_tokens = new_size[0] * new_size[1] + num_prefix_tokens
    if num_new_tokens == num_pos_tokens and new_size[0] == new_size[1]:
        return posemb
    hw = int(math.sqrt(num_pos_tokens - num_prefix_tokens))
    posemb_prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    embed_dim = posemb.shape[-1]
    orig_dtype = posemb.dtype
    posemb = posemb.float().reshape(1, hw, hw, -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode=interpolation, antialias=antialias)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, embed_dim).to(orig_dtype)
    return torch.cat([posemb_prefix, posemb], dim=1)


class PatchEmbed(nn.Module):
    def __init__(self, img_size=16, patch_size=4, dim=8, strict_img_size=False):
        super().__init__()
        self.img_size, self.patch_size = to_2tuple(img_size), to_2tuple(patch_size)
        self.strict_img_size = strict_img_size
        self.proj = nn.Conv2d(3, dim, patch_size, stride=patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.strict_img_size:
            _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
        _assert(H % self.patch_size[0] == 0, f"Input height ({H}) should be divisible by patch size ({self.patch_size[0]}).")
        return self.proj(x)


class VisionTransformer(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.patch_embed = PatchEmbed(dim=dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, 17, dim) * .02)
        self.dynamic_img_size = True

    def _pos_embed(self, x):
        if self.dynamic_img_size:
            B, H, W, C = x.shape
            pos_embed = resample_abs_pos_embed(self.pos_embed, (H, W))
            x = x.view(B, -1, C)
        else:
            pos_embed = self.pos_embed
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        return x + pos_embed

    def forward(self, x):
        x = self.patch_embed(x).permute(0, 2, 3, 1)
        return self._pos_embed(x).mean(1)


def example():
    return VisionTransformer(), (torch.randn(2, 3, 20, 24),)
