"""prepare_latents with a seeded generator built inside the compiled call."""
import torch
from torch import nn


def randn_tensor(shape, generator=None, dtype=None):
    return torch.randn(shape, generator=generator, dtype=dtype)  # expect: CL134


class LatentPrep(nn.Module):
    def __init__(self, seed=0):
        super().__init__()
        self.seed = seed
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, image_latents):
        generator = torch.Generator().manual_seed(self.seed)  # expect: CL134
        noise = randn_tensor(image_latents.shape, generator=generator, dtype=image_latents.dtype)
        return image_latents + noise * self.scale


def example():
    return LatentPrep(), (torch.randn(2, 4),)
