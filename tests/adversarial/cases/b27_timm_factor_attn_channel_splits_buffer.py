"""A CoaT-style conv relative-position encoder splits the value channels per window size; the split sizes are kept
in a buffer (saved with the checkpoint) and handed to `torch.split` as a list."""
import torch
from torch import nn


class ConvRelPosEnc(nn.Module):
    def __init__(self, windows=(3, 5)):
        super().__init__()
        self.register_buffer("channel_splits", torch.tensor([2, 2]))
        self.convs = nn.ModuleList(nn.Conv2d(2, 2, w, padding=w // 2, groups=2) for w in windows)

    def forward(self, v):
        parts = torch.split(v, self.channel_splits.tolist(), dim=1)  # expect: CL112
        return torch.cat([conv(p) for conv, p in zip(self.convs, parts)], dim=1)


def example():
    return ConvRelPosEnc(), (torch.randn(2, 4, 5, 5),)
