"""Patch embedding with `_assert` helpers on shapes, an `assert` on a tensor condition (a runtime assert
under dynamo) and a strict-size flag."""
import torch
from torch import nn


def _assert(condition, message):
    assert condition, message


class PatchEmbed(nn.Module):
    def __init__(self, img_size=8, patch=4):
        super().__init__()
        self.img_size, self.patch = img_size, patch
        self.strict_img_size = True
        self.proj = nn.Conv2d(3, 4, patch, patch)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.strict_img_size:
            _assert(H == self.img_size, f"Input height ({H}) doesn't match model ({self.img_size}).")
            _assert(W == self.img_size, f"Input width ({W}) doesn't match model ({self.img_size}).")
        else:
            _assert(H % self.patch == 0, "height not divisible by patch")
        assert torch.isfinite(x).all(), "non-finite input"
        return self.proj(x).flatten(2).transpose(1, 2)


def example():
    return PatchEmbed(), (torch.randn(1, 3, 8, 8),)
