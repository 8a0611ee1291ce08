"""Padding masks built from lengths against an arange of the padded size (a shape), filled with masked_fill;
no boolean indexing reads."""
import torch
from torch import nn


class SetEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x, lengths):
        B, L, _ = x.shape
        mask = torch.arange(L, device=x.device)[None, :] < lengths[:, None]
        h = self.lin(x).masked_fill(~mask[..., None], 0.0)
        h_max = self.lin(x).masked_fill(~mask[..., None], float("-inf")).amax(1)
        return h.sum(1) / lengths[:, None].clamp(min=1) + h_max


def example():
    return SetEncoder(), (torch.randn(2, 4, 3), torch.tensor([2, 4]))
