"""A UNet that validates its timesteps only in eager mode: `torch.compiler.is_compiling()` short-circuits
the `.any()` check and the `print` of the eager debug path."""
import torch
from torch import nn


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 3, padding=1)
        self.verbose = True

    def forward(self, sample, timesteps):
        if not torch.compiler.is_compiling() and (timesteps < 0).any():
            raise ValueError("negative timestep")
        if torch.compiler.is_compiling():
            scale = 1.0
        else:
            scale = float(timesteps.float().mean()) / 1000
            if self.verbose:
                print("eager scale", scale)
        return self.conv(sample) * scale


def example():
    return UNet(), (torch.randn(1, 2, 4, 4), torch.tensor([10, 20]))
