import torch
from torch import nn


class Select(nn.Module):
    def forward(self, x, labels):
        idx = torch.nonzero(x.sum(1) > 0).squeeze(1)  # expect: CL121
        rows, cols = torch.where(x > 1)  # expect: CL121
        kinds = labels.unique()  # expect: CL121
        counts = torch.bincount(labels, minlength=4)  # expect: CL121
        picked = torch.masked_select(x, x > 0.5)  # expect: CL121
        wide = x.repeat_interleave(labels.clamp(min=1), dim=0)  # expect: CL121
        return x[idx].sum() + x[rows, cols].sum() + kinds.numel() + counts.sum() + picked.sum() + wide.sum()


def example():
    return Select(), (torch.randn(4, 8), torch.tensor([0, 2, 1, 2]))
