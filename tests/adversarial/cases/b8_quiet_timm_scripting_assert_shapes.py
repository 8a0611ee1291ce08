"""timm patch-embed checks on shapes: `_assert` (a torch._assert alias) and plain asserts under
`not torch.jit.is_scripting()` compare ints from `x.shape` with the configured image size; strict padding
decided by a Python flag."""
import torch
from torch import nn
from torch.nn import functional as F

_assert = torch._assert


class PatchEmbed(nn.Module):
    def __init__(self, img_size=(4, 4), patch_size=2, in_chans=3, embed_dim=8, strict_img_size=True,
                 dynamic_img_pad=False):
        super().__init__()
        self.img_size = img_size
        self.patch_size = (patch_size, patch_size)
        self.strict_img_size = strict_img_size
        self.dynamic_img_pad = dynamic_img_pad
        self.proj = nn.Conv2d(in_chans, embed_dim, patch_size, patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.img_size is not None:
            if self.strict_img_size:
                _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
                _assert(W == self.img_size[1], f"Input width ({W}) doesn't match model ({self.img_size[1]}).")
            elif not self.dynamic_img_pad:
                _assert(H % self.patch_size[0] == 0, f"Input height ({H}) not divisible by patch size.")
        if not torch.jit.is_scripting():
            assert C == self.proj.in_channels, f"expected {self.proj.in_channels} channels, got {C}"
        if self.dynamic_img_pad:
            pad_h = (self.patch_size[0] - H % self.patch_size[0]) % self.patch_size[0]
            x = F.pad(x, (0, 0, 0, pad_h))
        return self.proj(x).flatten(2).transpose(1, 2)


def example():
    return PatchEmbed(), (torch.randn(2, 3, 4, 4),)
