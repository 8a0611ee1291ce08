"""An upsampler that forwards an explicit output size (taken from the skip connection's shape) or doubles the
resolution; the dtype round-trip for bfloat16 interpolation is a dtype test, not a tensor test."""
import torch
import torch.nn.functional as F
from torch import nn


class Upsample2D(nn.Module):
    def __init__(self, channels=2):
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


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = Upsample2D()

    def forward(self, x, skip):
        return self.up(x, output_size=skip.shape[-2:]) + skip


def example():
    return Decoder(), (torch.randn(1, 2, 3, 3), torch.randn(1, 2, 6, 6))
