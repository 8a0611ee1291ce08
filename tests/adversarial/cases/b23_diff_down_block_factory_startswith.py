"""A UNet builds its down blocks by name through a `get_down_block` factory that strips a legacy `UNetRes` prefix;
the config asks for a k-diffusion style block whose forward skips the time embedding when it is all zeros."""
import torch
from torch import nn


class DownBlock2D(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.time_proj = nn.Linear(8, channels)

    def forward(self, hidden_states, temb):
        return self.conv(hidden_states) + self.time_proj(temb)[:, :, None, None]


class KDownBlock2D(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.time_proj = nn.Linear(8, channels)

    def forward(self, hidden_states, temb):
        hidden_states = self.conv(hidden_states)
        if temb is not None and (temb == 0).all():  # expect: CL101
            return hidden_states
        return hidden_states + self.time_proj(temb)[:, :, None, None]


def get_down_block(down_block_type, channels):
    down_block_type = down_block_type[7:] if down_block_type.startswith("UNetRes") else down_block_type
    if down_block_type == "DownBlock2D":
        return DownBlock2D(channels)
    elif down_block_type == "KDownBlock2D":
        return KDownBlock2D(channels)
    raise ValueError(f"{down_block_type} does not exist.")


class TinyUNet(nn.Module):
    def __init__(self, down_block_types=("UNetResKDownBlock2D",), channels=4):
        super().__init__()
        self.down_blocks = nn.ModuleList([get_down_block(name, channels) for name in down_block_types])

    def forward(self, sample, temb):
        for block in self.down_blocks:
            sample = block(sample, temb)
        return sample


def example():
    return TinyUNet(), (torch.randn(1, 4, 4, 4), torch.randn(1, 8))
