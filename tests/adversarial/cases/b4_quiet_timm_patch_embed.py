"""PatchEmbed with strict / dynamic image size: `_assert` on shape ints, padding computed from shape ints
and F.pad, an output-format enum compared by value, flatten behind a flag: nothing breaks."""
from enum import Enum

import torch
import torch.nn.functional as F
from torch import nn

_assert = torch._assert


class Format(str, Enum):
    NCHW = "NCHW"
    NHWC = "NHWC"
    NLC = "NLC"


def to_2tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x, x)


def nchw_to(x, fmt):
    if fmt == Format.NHWC:
        x = x.permute(0, 2, 3, 1)
    elif fmt == Format.NLC:
        x = x.flatten(2).transpose(1, 2)
    return x


class PatchEmbed(nn.Module):
    def __init__(self, img_size=8, patch_size=4, dim=6, flatten=False, output_fmt="NHWC",
                 strict_img_size=False, dynamic_img_pad=True):
        super().__init__()
        self.img_size = to_2tuple(img_size)
        self.patch_size = to_2tuple(patch_size)
        self.flatten = flatten
        self.output_fmt = Format(output_fmt)
        self.strict_img_size = strict_img_size
        self.dynamic_img_pad = dynamic_img_pad
        self.proj = nn.Conv2d(3, dim, patch_size, patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.img_size is not None:
            if self.strict_img_size:
                _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
                _assert(W == self.img_size[1], f"Input width ({W}) doesn't match model ({self.img_size[1]}).")
            elif not self.dynamic_img_pad:
                _assert(H % self.patch_size[0] == 0, f"Input height ({H}) should be divisible by patch size.")
        if self.dynamic_img_pad:
            pad_h = (self.patch_size[0] - H % self.patch_size[0]) % self.patch_size[0]
            pad_w = (self.patch_size[1] - W % self.patch_size[1]) % self.patch_size[1]
            x = F.pad(x, (0, pad_w, 0, pad_h))
        x = self.proj(x)
        if self.flatten:
            x = x.flatten(2).transpose(1, 2)
        elif self.output_fmt != Format.NCHW:
            x = nchw_to(x, self.output_fmt)
        return x


def example():
    return PatchEmbed(), (torch.randn(1, 3, 10, 7),)
