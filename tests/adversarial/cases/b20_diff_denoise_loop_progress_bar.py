"""A compiled denoising loop reports progress through the utils file's progress bar object (its `update` writes to
stdout: the line is judged in the utils file)."""
import torch
from torch import nn

from b20_diff_utils import ProgressBar


class DenoiseLoop(nn.Module):
    def __init__(self, dim=4, steps=3):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.steps = steps

    def forward(self, latents):
        with_bar = ProgressBar(total=self.steps)
        for i in range(self.steps):
            latents = latents - 0.1 * self.unet(latents)
            with_bar.update()
        return latents


def example():
    return DenoiseLoop(), (torch.randn(2, 4),)
