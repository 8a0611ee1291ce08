"""A NaFlex-style embedding for variable-resolution patches: the grid size is read off the patch coordinates
(a tensor input) and sizes the interpolation of the position embedding."""
import torch
import torch.nn.functional as F
from torch import nn


def _grid_size(patch_coord):
    return patch_coord[..., 0].amax() + 1, patch_coord[..., 1].amax() + 1


class NaFlexEmbeds(nn.Module):
    def __init__(self, patch_dim=12, dim=8, base_grid=4):
        super().__init__()
        self.proj = nn.Linear(patch_dim, dim)
        self.pos_embed = nn.Parameter(torch.randn(1, dim, base_grid, base_grid))

    def forward(self, patches, patch_coord):
        x = self.proj(patches)
        gh, gw = _grid_size(patch_coord)
        pos = F.interpolate(self.pos_embed, size=(gh, gw), mode="bilinear", align_corners=False)  # known-miss: CL124
        pos = pos.flatten(2).transpose(1, 2)
        return x + pos[:, : x.shape[1]]


def example():
    coord = torch.stack(torch.meshgrid(torch.arange(2), torch.arange(3), indexing="ij"), -1).reshape(1, 6, 2)
    return NaFlexEmbeds(), (torch.randn(1, 6, 12), coord)
