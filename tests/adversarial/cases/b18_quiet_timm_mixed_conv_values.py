"""MixedConv2d as an nn.ModuleDict subclass: the input is split by Python channel counts and a comprehension
over self.values() applies one kernel size per split."""
import torch
from torch import nn


def _split_channels(num_chan, num_groups):
    split = [num_chan // num_groups for _ in range(num_groups)]
    split[0] += num_chan - sum(split)
    return split


class MixedConv2d(nn.ModuleDict):
    def __init__(self, in_channels=5, out_channels=5, kernel_sizes=(1, 3)):
        super().__init__()
        in_splits = _split_channels(in_channels, len(kernel_sizes))
        out_splits = _split_channels(out_channels, len(kernel_sizes))
        for idx, (k, i, o) in enumerate(zip(kernel_sizes, in_splits, out_splits)):
            self.add_module(str(idx), nn.Conv2d(i, o, k, padding=k // 2))
        self.splits = in_splits

    def forward(self, x):
        x_split = torch.split(x, self.splits, 1)
        x_out = [c(x_split[i]) for i, c in enumerate(self.values())]
        return torch.cat(x_out, 1)


def example():
    return MixedConv2d(), (torch.randn(1, 5, 4, 4),)
