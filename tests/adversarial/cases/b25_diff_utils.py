"""A diffusion library's utils file for batch 25: an old-style `prepare_mask_and_masked_image` that checks the mask's
range with `min()` / `max()` in an `if` before binarising it, a `clamp_mask` that clamps instead, and a tiny
`ModelConfig`. The other b25 diffusion cases import it; its example prepares one mask."""
import torch
from torch import nn


class ModelConfig:
    in_channels = 4
    latent_channels = 4
    num_train_timesteps = 10
    scaling_factor = 0.18215


def prepare_mask_and_masked_image(image, mask):
    if mask.min() < 0 or mask.max() > 1:  # expect: CL101
        raise ValueError("Mask should be in [0, 1] range")
    mask = (mask >= 0.5).to(image.dtype)
    return mask, image * (mask < 0.5)


def clamp_mask(image, mask):
    mask = (mask.clamp(0, 1) >= 0.5).to(image.dtype)
    return mask, image * (mask < 0.5)


class _UtilsDemo(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, image, mask):
        mask, masked = prepare_mask_and_masked_image(image, mask)
        return self.conv(masked) * mask


def example():
    return _UtilsDemo(), (torch.randn(1, 3, 4, 4), torch.rand(1, 1, 4, 4))
