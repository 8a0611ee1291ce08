"""A patch embedding that checks its input through an `_assert` helper (a plain assert unless scripting) whose
message is a parameter: shape checks with f-string messages, and one check on the values (`x.isfinite().all()`)."""
import torch
from torch import nn


def _assert(condition, message):
    if not torch.jit.is_scripting():
        assert condition, message  # expect: CL101


class PatchEmbed(nn.Module):
    def __init__(self, img_size=4, patch_size=2, dim=4, strict_img_size=True):
        super().__init__()
        self.img_size = (img_size, img_size)
        self.patch_size = (patch_size, patch_size)
        self.strict_img_size = strict_img_size
        self.proj = nn.Conv2d(3, dim, patch_size, patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.strict_img_size:
            _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
            _assert(W == self.img_size[1], f"Input width ({W}) doesn't match model ({self.img_size[1]}).")
        else:
            _assert(H % self.patch_size[0] == 0, f"Input height ({H}) should be divisible by {self.patch_size[0]}.")
        x = self.proj(x)
        _assert(x.isfinite().all(), "non-finite patch embedding")
        return x.flatten(2).transpose(1, 2)


def example():
    return PatchEmbed(), (torch.randn(2, 3, 4, 4),)
