"""A 'same' padded stem whose static padding is computed from the image size stored as a buffer (kept for
export): the imported helper's math.ceil receives a 0-d tensor."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def get_same_padding(x, k, s, d=1):
    return max((math.ceil(x / s) - 1) * s + (k - 1) * d + 1 - x, 0)  # expect: CL113


class StemSame(nn.Module):
    def __init__(self, img_size=(8, 8), k=3, s=2):
        super().__init__()
        self.k, self.s = k, s
        self.conv = nn.Conv2d(3, 8, k, stride=s)
        self.register_buffer("img_size", torch.tensor(img_size), persistent=False)

    def forward(self, x):
        pad_h = get_same_padding(self.img_size[0], self.k, self.s)
        return self.conv(F.pad(x, (0, 1, 0, 1))) * pad_h


def example():
    return StemSame(), (torch.randn(2, 3, 8, 8),)
