"""A vision tower's 2-D rotary positions built per image from its (t, h, w) grid row: the loop walks the rows of
the grid tensor and sizes aranges with them."""
import torch
from torch import nn


class VisionRotary(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, dim, 2).float() / dim)))

    def rot_pos_emb(self, grid_thw):
        pos_ids = []
        for t, h, w in grid_thw:
            hpos_ids = torch.arange(h).unsqueeze(1).expand(-1, w)  # known-miss: CL124
            wpos_ids = torch.arange(w).unsqueeze(0).expand(h, -1)
            pos_ids.append(torch.stack([hpos_ids.flatten(), wpos_ids.flatten()], dim=-1).repeat(t, 1))
        pos_ids = torch.cat(pos_ids, dim=0)
        return pos_ids.float() @ torch.ones(2, 1) * self.inv_freq

    def forward(self, pixel_values, grid_thw):
        return pixel_values * self.rot_pos_emb(grid_thw).sum()


def example():
    return VisionRotary(), (torch.randn(2, 4), torch.tensor([[1, 2, 2], [1, 2, 3]]))
