"""UNet up blocks built by name from a registry; the "ScaledUpBlock2D" keeps its output scale as a registered
buffer and turns it into a Python float in forward (`float(self.output_scale)`)."""
import torch
import torch.nn.functional as F
from torch import nn


class UpBlock2D(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, hidden_states):
        return self.conv(F.interpolate(hidden_states, scale_factor=2.0, mode="nearest"))


class ScaledUpBlock2D(UpBlock2D):
    def __init__(self, channels):
        super().__init__(channels)
        self.register_buffer("output_scale", torch.tensor(0.5))

    def forward(self, hidden_states):
        hidden_states = super().forward(hidden_states)
        scale = float(self.output_scale)  # expect: CL111
        return hidden_states * scale


UP_BLOCKS = {"UpBlock2D": UpBlock2D, "ScaledUpBlock2D": ScaledUpBlock2D}


def get_up_block(up_block_type, channels):
    up_block_type = up_block_type[7:] if up_block_type.startswith("UNetRes") else up_block_type
    return UP_BLOCKS[up_block_type](channels)


class Decoder(nn.Module):
    def __init__(self, channels=2, block_types=("UpBlock2D", "UNetResScaledUpBlock2D")):
        super().__init__()
        self.up_blocks = nn.ModuleList([get_up_block(name, channels) for name in block_types])

    def forward(self, sample):
        for block in self.up_blocks:
            sample = block(sample)
        return sample


def example():
    return Decoder(), (torch.randn(1, 2, 2, 2),)
