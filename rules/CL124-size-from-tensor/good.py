import torch
from torch import nn


class Positions(nn.Module):
    def forward(self, x, lengths, width):
        pos = torch.arange(x.shape[1])
        mask = pos[None, :] < lengths[:, None]
        fill = torch.full((2,), lengths.sum())
        pad = torch.zeros(width, 2)
        return (x * mask).sum(1) + fill.sum() + pad.sum()


def example():
    return Positions(), (torch.randn(4, 6), torch.tensor([1, 6, 3, 2]), 3)
