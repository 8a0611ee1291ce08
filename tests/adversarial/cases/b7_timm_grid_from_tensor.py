"""A patch embedding with a dynamic image size: the grid is computed as a tensor from the input's spatial
size (`torch.tensor(x.shape[-2:]) // patch`) and turned into ints to resample the position embedding."""
import torch
import torch.nn.functional as F
from torch import nn


def resample_abs_pos_embed(posemb, new_size, old_size):
    posemb = posemb.reshape(1, old_size[0], old_size[1], -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode="bilinear", align_corners=False)
    return posemb.permute(0, 2, 3, 1).flatten(1, 2)


class DynamicPatchEmbed(nn.Module):
    def __init__(self, patch=2, dim=4, img_size=4):
        super().__init__()
        self.patch = patch
        self.grid_size = (img_size // patch, img_size // patch)
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.pos_embed = nn.Parameter(torch.zeros(1, self.grid_size[0] * self.grid_size[1], dim))

    def forward(self, x):
        grid = torch.tensor(x.shape[-2:]) // self.patch
        new_size = (int(grid[0]), int(grid[1]))  # expect: CL111
        pos = resample_abs_pos_embed(self.pos_embed, new_size, self.grid_size)
        return self.proj(x).flatten(2).transpose(1, 2) + pos


def example():
    return DynamicPatchEmbed(), (torch.randn(1, 3, 6, 6),)
