"""Position embedding resampling for a new grid: the old grid side is `int(math.sqrt(num_pos))` of a
shape, prefix tokens are split off by slicing, and the grid is resized with bicubic interpolation."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def resample_abs_pos_embed(posemb, new_size, num_prefix_tokens=1):
    num_pos_tokens = posemb.shape[1] - num_prefix_tokens
    old_size = int(math.sqrt(num_pos_tokens))
    if new_size[0] == old_size and new_size[1] == old_size:
        return posemb
    prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    posemb = posemb.reshape(1, old_size, old_size, -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode="bicubic", align_corners=False)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, posemb.shape[1])
    return torch.cat([prefix, posemb], dim=1)


class VisionTransformer(nn.Module):
    def __init__(self, dim=4, patch=2, grid=2):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, 1 + grid * grid, dim))

    def forward(self, x):
        H, W = x.shape[-2] // self.patch, x.shape[-1] // self.patch
        x = self.proj(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        return x + resample_abs_pos_embed(self.pos_embed, (H, W))


def example():
    return VisionTransformer(), (torch.randn(1, 3, 6, 6),)
