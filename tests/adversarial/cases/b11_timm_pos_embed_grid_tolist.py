"""Dynamic image size: the patch grid is computed as a tensor from the input's size and the patch size,
then handed to the position-embedding resampler as a list."""
import math

import torch
import torch.nn.functional as F
from torch import nn

from b11_quiet_timm_layers import to_2tuple


def resample_abs_pos_embed(posemb, new_size, num_prefix_tokens=1):
    num_pos_tokens = posemb.shape[1] - num_prefix_tokens
    old_size = int(math.sqrt(num_pos_tokens))
    prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    posemb = posemb.reshape(1, old_size, old_size, -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode="bicubic", align_corners=False)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, posemb.shape[1])
    return torch.cat([prefix, posemb], dim=1)


class PatchEmbed(nn.Module):
    def __init__(self, patch_size=4, dim=8):
        super().__init__()
        self.patch_size = to_2tuple(patch_size)
        self.proj = nn.Conv2d(3, dim, patch_size, stride=patch_size)

    def dynamic_feat_size(self, img_size):
        return torch.tensor(img_size) // torch.tensor(self.patch_size)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class DynamicSizeViT(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.patch_embed = PatchEmbed(dim=dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, 1 + 16, dim) * .02)

    def _pos_embed(self, x, feat_size):
        pos_embed = resample_abs_pos_embed(self.pos_embed, feat_size.tolist())  # expect: CL112
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        return x + pos_embed

    def forward(self, x):
        feat_size = self.patch_embed.dynamic_feat_size(x.shape[-2:])
        x = self.patch_embed(x)
        return self._pos_embed(x, feat_size).mean(1)


def example():
    return DynamicSizeViT(), (torch.randn(2, 3, 24, 20),)
