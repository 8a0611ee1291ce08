"""A compiled denoising loop that updates the utils file's progress bar only when not compiling (the guard dynamo
folds away)."""
import torch
from torch import nn

from b20_diff_utils import ProgressBar


class DenoiseLoop(nn.Module):
    def __init__(self, dim=4, steps=3):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.steps = steps
        self.bar = ProgressBar(total=steps)

    def forward(self, latents):
        for i in range(self.steps):
            latents = latents - 0.1 * self.unet(latents)
            if not torch.compiler.is_compiling():
                self.bar.update()
        return latents


def example():
    return DenoiseLoop(), (torch.randn(2, 4),)
