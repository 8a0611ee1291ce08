import torch
import torch.nn.functional as F
from torch import nn


class Select(nn.Module):
    def forward(self, x, labels, total: int):
        keep = x.sum(1) > 0
        rows_sum = (x * keep.unsqueeze(1)).sum()
        big = torch.where(x > 1, x, 0).sum()
        counts = F.one_hot(labels, 4).sum(0)
        picked = (x * (x > 0.5)).sum()
        wide = torch.repeat_interleave(x, labels.clamp(min=1), dim=0, output_size=total)
        twice = x.repeat_interleave(2, dim=0)
        return rows_sum + big + counts.sum() + picked + wide.sum() + twice.sum()


def example():
    labels = torch.tensor([0, 2, 1, 2])
    return Select(), (torch.randn(4, 8), labels, int(labels.clamp(min=1).sum()))
