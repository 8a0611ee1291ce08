"""The decode helper under `@torch.no_grad()`, and a second one under `torch.autocast(enabled=False)`."""
import torch
from torch import nn


class VaeWrapper(nn.Module):
    def __init__(self, scaling_factor=0.18215):
        super().__init__()
        self.scaling_factor = scaling_factor
        self.decoder = nn.Conv2d(4, 3, 1)

    @torch.no_grad()
    def decode(self, latents):
        return self.decoder(latents / self.scaling_factor)

    def upcast(self, image):
        with torch.autocast("cpu", enabled=False):
            return image.float() / 2 + 0.5

    def forward(self, latents):
        return self.upcast(self.decode(latents)).clamp(0, 1)


def example():
    return VaeWrapper(), (torch.randn(1, 4, 4, 4),)
