import torch
from torch import nn


class Segments(nn.Module):
    def forward(self, x, lengths):
        means = x.mean(1).tolist()  # expect: CL112
        chunks = torch.split(x, lengths.tolist())  # expect: CL112
        return torch.stack([c.sum(0) for c in chunks]) * means[0]


def example():
    return Segments(), (torch.randn(6, 4), torch.tensor([2, 1, 3]))
