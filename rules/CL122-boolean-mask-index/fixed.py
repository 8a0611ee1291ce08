import torch
from torch import nn


class Masked(nn.Module):
    def forward(self, x, y):
        positive = x[x > 0]  # expect: CL122
        out = x.clone()
        m = y.isnan() | (x < -1)
        out[m] = y[m]  # expect: CL122
        spread = (torch.where(x > 1, x, 0).sum() / (x > 1).sum())  # expect: CL122
        spread = spread - torch.where(~y.isnan(), y, 0).sum()  # expect: CL122
        keep = x > -2
        keep &= y < 2  # narrowing a mask keeps it a mask
        kept = x[keep]  # expect: CL122
        rows = x.sum(-1) > 0  # a mask broadcast to x's shape is still a mask (lightnet's anchor boxes)
        picked = x[rows[:, None].expand_as(x)]  # expect: CL122
        return positive.mean() + out + spread + kept.sum() + picked.sum()


def example():
    return Masked(), (torch.randn(4, 8), torch.randn(4, 8))
