import torch
from torch import nn


class Positions(nn.Module):
    def forward(self, x, lengths):
        pos = torch.arange(lengths.max())  # expect: CL124
        mask = pos[None, :] < lengths[:, None]
        pad = torch.zeros(lengths.sum(), 2)  # expect: CL124
        return (x[:, : pos.shape[0]] * mask).sum(1) + pad.sum()


def example():
    return Positions(), (torch.randn(4, 6), torch.tensor([1, 6, 3, 2]))
