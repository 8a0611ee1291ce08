"""A video diffusion model's FreeNoise-style latent preparation: frames beyond the context window reuse the
window's noise in a shuffled order, the order drawn with `random.shuffle` on the list of frame indices."""
import random

import torch
from torch import nn


class FreeNoiseMixin:
    _free_noise_context_length = 4

    def _prepare_free_noise(self, latents):
        num_frames = latents.shape[2]
        context = self._free_noise_context_length
        for i in range(context, num_frames, context):
            window = list(range(i - context, i))
            random.shuffle(window)  # expect: CL133
            end = min(i + context, num_frames)
            latents[:, :, i:end] = latents[:, :, window[: end - i]]
        return latents


class TinyMotionUNet(FreeNoiseMixin, nn.Module):
    def __init__(self):
        nn.Module.__init__(self)
        self.conv = nn.Conv3d(4, 4, 1)

    def forward(self, latents):
        latents = self._prepare_free_noise(latents.clone())
        return self.conv(latents)


def example():
    return TinyMotionUNet(), (torch.randn(1, 4, 8, 2, 2),)
