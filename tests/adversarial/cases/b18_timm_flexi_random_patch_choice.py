"""A FlexiViT-style patch embedding: in training a helper draws the patch size from a list with random.choice, and
the kernel is resized to it with F.interpolate."""
import random

import torch
import torch.nn.functional as F
from torch import nn


def _sample_patch_size(choices):
    return random.choice(choices)  # expect: CL133


class FlexiPatchEmbed(nn.Module):
    def __init__(self, in_chans=3, dim=8, patch_size=4, patch_sizes=(2, 4)):
        super().__init__()
        self.patch_size = patch_size
        self.patch_sizes = list(patch_sizes)
        self.proj = nn.Conv2d(in_chans, dim, patch_size, patch_size)

    def forward(self, x):
        ps = _sample_patch_size(self.patch_sizes) if self.training else self.patch_size
        weight = F.interpolate(self.proj.weight, size=(ps, ps), mode="bilinear", align_corners=False)
        x = F.conv2d(x, weight, self.proj.bias, stride=ps)
        return x.flatten(2).transpose(1, 2)


def example():
    return FlexiPatchEmbed(), (torch.randn(1, 3, 8, 8),)
