"""Patch embedding with timm's `_assert` on input sizes (f-string messages), plus a value check."""
import torch
from torch import nn

_assert = torch._assert


class PatchEmbed(nn.Module):
    def __init__(self, img_size=8, patch_size=4, in_chans=3, embed_dim=8, strict_img_size=True, flatten=True):
        super().__init__()
        self.img_size = (img_size, img_size)
        self.patch_size = (patch_size, patch_size)
        self.strict_img_size = strict_img_size
        self.flatten = flatten
        self.proj = nn.Conv2d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.img_size is not None:
            if self.strict_img_size:
                _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
                _assert(W == self.img_size[1], f"Input width ({W}) doesn't match model ({self.img_size[1]}).")
            else:
                _assert(H % self.patch_size[0] == 0, f"Input height ({H}) should be divisible by patch size.")
        x = self.proj(x)
        if self.flatten:
            x = x.flatten(2).transpose(1, 2)
        _assert(torch.isfinite(x).all(), "non-finite patch embedding")  # expect: CL111
        return x


def example():
    return PatchEmbed(), (torch.randn(2, 3, 8, 8),)
