"""Upsampling block details: large inputs are made contiguous by testing `numel() * scale_factor` against
2**31 and the batch size against 64 (ints), the interpolation falls back by output_size None, and bfloat16 is
upcast by a dtype test."""
import torch
import torch.nn.functional as F
from torch import nn


class Upsample2D(nn.Module):
    def __init__(self, channels=2, use_conv=True, interpolate=True):
        super().__init__()
        self.interpolate = interpolate
        self.conv = nn.Conv2d(channels, channels, 3, padding=1) if use_conv else None

    def forward(self, hidden_states, output_size=None, scale=1.0):
        dtype = hidden_states.dtype
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(torch.float32)
        if hidden_states.shape[0] >= 64:
            hidden_states = hidden_states.contiguous()
        if self.interpolate:
            scale_factor = 2 if output_size is None else max(output_size) // max(hidden_states.shape[-2:])
            if hidden_states.numel() * scale_factor > pow(2, 31):
                hidden_states = hidden_states.contiguous()
            if output_size is None:
                hidden_states = F.interpolate(hidden_states, scale_factor=2.0, mode="nearest")
            else:
                hidden_states = F.interpolate(hidden_states, size=output_size, mode="nearest")
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(dtype)
        if self.conv is not None:
            hidden_states = self.conv(hidden_states)
        return hidden_states


def example():
    return Upsample2D(), (torch.randn(1, 2, 3, 3),)
