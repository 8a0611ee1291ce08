"""A patch embedding warns about a size mismatch only outside torch.compile, spelled with
`torch.compiler.is_dynamo_compiling()`."""
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
        if (H, W) != self.img_size and not torch.compiler.is_dynamo_compiling():
            warnings.warn(f"Input size ({H}*{W}) differs from the model ({self.img_size[0]}*{self.img_size[1]}).")
        return self.proj(x).flatten(2).transpose(1, 2)


def example():
    return PatchEmbed(), (torch.randn(1, 3, 12, 12),)
