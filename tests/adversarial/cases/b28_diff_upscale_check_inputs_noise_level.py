"""A latent upscaler's `check_inputs` validates the noise level before embedding it; the noise level arrives as
a tensor, so its range test with `or` between two `.any()` calls is a tensor condition."""
import torch
from torch import nn


class UpscalePipeline(nn.Module):
    def __init__(self, max_noise_level=350):
        super().__init__()
        self.max_noise_level = max_noise_level
        self.noise_embed = nn.Embedding(max_noise_level + 1, 4)
        self.unet = nn.Linear(4, 4)

    def check_inputs(self, image, noise_level):
        if image.ndim != 2:
            raise ValueError(f"expected a 2-d image batch, got {image.ndim} dims")
        if (noise_level < 0).any() or (noise_level > self.max_noise_level).any():  # expect: CL101
            raise ValueError(f"`noise_level` must be in [0, {self.max_noise_level}]")

    def forward(self, image, noise_level):
        self.check_inputs(image, noise_level)
        return self.unet(image) + self.noise_embed(noise_level)


def example():
    return UpscalePipeline(), (torch.randn(2, 4), torch.tensor([20, 30]))
