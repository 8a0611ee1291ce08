"""Resampling an absolute position embedding for a dynamic image size: the size comparison and interpolation
compile; the verbose log line behind `not torch.jit.is_scripting() and verbose` runs under dynamo (a break in
the helper)."""
import logging
import math

import torch
import torch.nn.functional as F
from torch import nn

_logger = logging.getLogger(__name__)


def resample_abs_pos_embed(posemb, new_size, old_size=None, num_prefix_tokens=1, interpolation="bicubic",
                           antialias=True, verbose=False):
    num_pos_tokens = posemb.shape[1]
    num_new_tokens = new_size[0] * new_size[1] + num_prefix_tokens
    if num_new_tokens == num_pos_tokens and new_size[0] == new_size[1]:
        return posemb
    if old_size is None:
        hw = int(math.sqrt(num_pos_tokens - num_prefix_tokens))
        old_size = hw, hw
    if num_prefix_tokens:
        posemb_prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    else:
        posemb_prefix, posemb = None, posemb
    embed_dim = posemb.shape[-1]
    orig_dtype = posemb.dtype
    posemb = posemb.float()
    posemb = posemb.reshape(1, old_size[0], old_size[1], -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode=interpolation, antialias=antialias)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, embed_dim)
    posemb = posemb.to(orig_dtype)
    if posemb_prefix is not None:
        posemb = torch.cat([posemb_prefix, posemb], dim=1)
    if not torch.jit.is_scripting() and verbose:
        _logger.info(f"Resized position embedding: {old_size} to {new_size}.")  # expect: CL131
    return posemb


class ViTEmbed(nn.Module):
    def __init__(self, dim=8, grid=(2, 2), patch=2):
        super().__init__()
        self.patch_size = patch
        self.grid_size = grid
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, grid[0] * grid[1] + 1, dim) * 0.02)
        self.dynamic_img_size = True

    def forward(self, x):
        x = self.proj(x)
        B, C, H, W = x.shape
        x = x.flatten(2).transpose(1, 2)
        if self.dynamic_img_size:
            pos_embed = resample_abs_pos_embed(self.pos_embed, (H, W), old_size=self.grid_size, verbose=True)
        else:
            pos_embed = self.pos_embed
        x = torch.cat([self.cls_token.expand(B, -1, -1), x], dim=1)
        return x + pos_embed


def example():
    return ViTEmbed(), (torch.randn(1, 3, 6, 6),)
