"""A backbone that resizes its position embedding when the input grid differs from the pretrained one and
logs the resize from forward (the example's input is larger than the pretrained size)."""
import logging
import math

import torch
import torch.nn.functional as F
from torch import nn

_logger = logging.getLogger(__name__)


def _resize_grid(posemb, gs_new):
    gs_old = int(math.sqrt(posemb.shape[1]))
    if (gs_old, gs_old) != gs_new:
        _logger.info(f"Resized position embedding: {(gs_old, gs_old)} to {gs_new}.")  # expect: CL131
    grid = posemb.reshape(1, gs_old, gs_old, -1).permute(0, 3, 1, 2)
    grid = F.interpolate(grid, size=gs_new, mode="bilinear", align_corners=False)
    return grid.permute(0, 2, 3, 1).reshape(1, gs_new[0] * gs_new[1], -1)


class ConvPosViT(nn.Module):
    def __init__(self, dim=8, patch=4, pretrained_grid=4):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.pos_embed = nn.Parameter(torch.randn(1, pretrained_grid * pretrained_grid, dim) * .02)

    def forward_features(self, x):
        x = self.proj(x)
        gs = (x.shape[-2], x.shape[-1])
        x = x.flatten(2).transpose(1, 2)
        return x + _resize_grid(self.pos_embed, gs)

    def forward(self, x):
        return self.forward_features(x).mean(1)


def example():
    return ConvPosViT(), (torch.randn(2, 3, 24, 24),)
