"""The conv relative-position twin: the split sizes are a Python list kept on the module and handed to the layers
file's `split_channels` helper."""
import torch
from torch import nn

from b27_timm_layers import split_channels


class ConvRelPosEnc(nn.Module):
    def __init__(self, windows=(3, 5)):
        super().__init__()
        self.channel_splits = [2, 2]
        self.convs = nn.ModuleList(nn.Conv2d(2, 2, w, padding=w // 2, groups=2) for w in windows)

    def forward(self, v):
        parts = split_channels(v, self.channel_splits)
        return torch.cat([conv(p) for conv, p in zip(self.convs, parts)], dim=1)


def example():
    return ConvRelPosEnc(), (torch.randn(2, 4, 5, 5),)
