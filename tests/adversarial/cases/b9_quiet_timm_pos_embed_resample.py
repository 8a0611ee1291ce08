"""ViT position embedding resampled to the input grid: the old grid side from `int(math.sqrt(n))` and
`int(n ** 0.5)` of shapes, interpolation to the new size, and a class token split by slicing."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def resample_abs_pos_embed(posemb, new_size, num_prefix_tokens=1):
    prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    old = int(math.sqrt(posemb.shape[1]))
    dim = posemb.shape[-1]
    posemb = posemb.reshape(1, old, old, dim).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode="bicubic", align_corners=False)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, dim)
    return torch.cat([prefix, posemb], dim=1)


class ViTEmbed(nn.Module):
    def __init__(self, dim=4, grid=3, patch=2):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, grid * grid + 1, dim) * 0.02)
        self.dynamic_img_size = True

    def forward(self, x):
        x = self.proj(x)
        B, C, H, W = x.shape
        x = x.flatten(2).transpose(1, 2)
        if self.dynamic_img_size:
            pos = resample_abs_pos_embed(self.pos_embed, (H, W))
        else:
            pos = self.pos_embed
        x = torch.cat([self.cls_token.expand(B, -1, -1), x], dim=1) + pos
        side = int((x.shape[1] - 1) ** 0.5)
        return x[:, 1:].reshape(B, side, side, C).mean((1, 2))


def example():
    return ViTEmbed(), (torch.randn(1, 3, 8, 8),)
