"""Upsampling size plumbing: the forward_upsample_size check and an interpolate with size or scale."""
import torch
from torch import nn
import torch.nn.functional as F


class Upsample2D(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, hidden_states, output_size=None):
        dtype = hidden_states.dtype
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(torch.float32)
        if hidden_states.shape[0] >= 64:
            hidden_states = hidden_states.contiguous()
        if output_size is None:
            hidden_states = F.interpolate(hidden_states, scale_factor=2.0, mode="nearest")
        else:
            hidden_states = F.interpolate(hidden_states, size=output_size, mode="nearest")
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(dtype)
        return self.conv(hidden_states)


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.num_upsamplers = 1
        self.down = nn.Conv2d(4, 4, 3, stride=2, padding=1)
        self.up = Upsample2D()

    def forward(self, sample):
        default_overall_up_factor = 2 ** self.num_upsamplers
        forward_upsample_size = False
        upsample_size = None
        for dim in sample.shape[-2:]:
            if dim % default_overall_up_factor != 0:
                forward_upsample_size = True
                break
        down = self.down(sample)
        if forward_upsample_size:
            upsample_size = sample.shape[2:]
        return self.up(down, upsample_size)


def example():
    return UNet(), (torch.randn(1, 4, 5, 6),)
