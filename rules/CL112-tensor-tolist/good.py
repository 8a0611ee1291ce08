import torch
from torch import nn


class Segments(nn.Module):
    def forward(self, x, lengths):
        means = x.mean(1)
        segment = torch.repeat_interleave(torch.arange(lengths.shape[0]), lengths, output_size=x.shape[0])
        sums = torch.zeros(lengths.shape[0], x.shape[1]).index_add_(0, segment, x)
        return sums * means[0]


def example():
    return Segments(), (torch.randn(6, 4), torch.tensor([2, 1, 3]))
