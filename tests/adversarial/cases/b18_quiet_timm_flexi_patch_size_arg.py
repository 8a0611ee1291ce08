"""A FlexiViT-style patch embedding whose patch size is a forward argument (a Python int); the kernel is
resized to it and the grid comes from the input's shape."""
import torch
import torch.nn.functional as F
from torch import nn


class FlexiPatchEmbed(nn.Module):
    def __init__(self, in_chans=3, dim=8, patch_size=4):
        super().__init__()
        self.patch_size = patch_size
        self.proj = nn.Conv2d(in_chans, dim, patch_size, patch_size)

    def forward(self, x, patch_size=None):
        ps = patch_size or self.patch_size
        if ps != self.patch_size:
            weight = F.interpolate(self.proj.weight, size=(ps, ps), mode="bilinear", align_corners=False)
        else:
            weight = self.proj.weight
        H, W = x.shape[-2:]
        grid = (H // ps, W // ps)
        x = F.conv2d(x, weight, self.proj.bias, stride=ps)
        return x.flatten(2).transpose(1, 2), grid


def example():
    return FlexiPatchEmbed(), (torch.randn(1, 3, 8, 8), 2)
