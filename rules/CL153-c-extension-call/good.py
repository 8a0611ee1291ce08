import zlib

import torch
from torch import nn


class Salted(nn.Module):
    def __init__(self):
        super().__init__()
        self.salt = zlib.crc32(b"layer0") % 7  # once, at construction

    def forward(self, x):
        return (x + 1) * self.salt


def example():
    return Salted(), (torch.randn(2, 8),)
