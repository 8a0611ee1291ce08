"""Absolute position embedding resampled for a dynamic image size, with the verbose log behind a flag."""
import logging
import math

import torch
from torch import nn
import torch.nn.functional as F

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


class Vit(nn.Module):
    def __init__(self, grid=4, dim=8, verbose=False):
        super().__init__()
        self.grid_size = (grid, grid)
        self.num_prefix_tokens = 1
        self.no_embed_class = False
        self.dynamic_img_size = True
        self.verbose = verbose
        self.pos_embed = nn.Parameter(torch.randn(1, grid * grid + 1, dim))

    def forward(self, x):
        if self.dynamic_img_size:
            B, H, W, C = x.shape
            pos_embed = resample_abs_pos_embed(
                self.pos_embed, new_size=(H, W), old_size=self.grid_size,
                num_prefix_tokens=0 if self.no_embed_class else self.num_prefix_tokens, verbose=self.verbose)
            x = x.view(B, -1, C)
        else:
            pos_embed = self.pos_embed
        return x + pos_embed[:, 1:]


class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        self.quiet = Vit()
        self.loud = Vit(verbose=True)

    def forward(self, x):
        return self.quiet(x) + self.loud(x)


def example():
    return Pair(), (torch.randn(2, 3, 3, 8),)
