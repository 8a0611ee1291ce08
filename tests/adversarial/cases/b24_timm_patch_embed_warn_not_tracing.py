"""A patch embedding warns when the input size differs from the configured image size, unless torch.jit is
tracing (the guard timm-era code wrote for export); under torch.compile nothing is jit-tracing."""
import warnings

import torch
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size=8, patch_size=4, dim=6):
        super().__init__()
        self.img_size = (img_size, img_size)
        self.proj = nn.Conv2d(3, dim, patch_size, patch_size)

    def forward(self, x):
        H, W = x.shape[-2:]
        if (H, W) != self.img_size and not torch.jit.is_tracing():
            warnings.warn(f"Input size ({H}*{W}) differs from the model ({self.img_size[0]}*{self.img_size[1]}).")  # expect: CL131
        x = self.proj(x)
        return x.flatten(2).transpose(1, 2)


def example():
    return PatchEmbed(), (torch.randn(1, 3, 12, 12),)
