"""MobileViT's unfolding: the feature map is resized to a multiple of the patch size computed with `math.ceil` of
shape ints, and interpolated only when the size changed."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class MobileVitUnfold(nn.Module):
    def __init__(self, dim=4, patch=2):
        super().__init__()
        self.patch_h = self.patch_w = patch
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, C, H, W = x.shape
        new_h = math.ceil(H / self.patch_h) * self.patch_h
        new_w = math.ceil(W / self.patch_w) * self.patch_w
        interpolate = False
        if new_h != H or new_w != W:
            x = F.interpolate(x, size=(new_h, new_w), mode="bilinear", align_corners=False)
            interpolate = True
        nh, nw = new_h // self.patch_h, new_w // self.patch_w
        x = x.reshape(B, C, nh, self.patch_h, nw, self.patch_w).permute(0, 3, 5, 2, 4, 1)
        x = self.proj(x.reshape(B, self.patch_h * self.patch_w, nh * nw, C))
        return x, interpolate


def example():
    return MobileVitUnfold(), (torch.randn(1, 4, 5, 6),)
