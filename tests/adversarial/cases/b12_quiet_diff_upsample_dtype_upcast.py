"""Upsampling with the dtype dance of half-precision kernels and a batch-size contiguity test: dtype and shape
conditions only, through a helper and a decorated block."""
import torch
from torch import nn

from b12_quiet_diff_blocks import maybe_allow_in_graph


def _upcast_if_half(hidden_states):
    dtype = hidden_states.dtype
    if dtype == torch.bfloat16 or dtype == torch.float16:
        hidden_states = hidden_states.to(torch.float32)
    return hidden_states, dtype


@maybe_allow_in_graph
class Upsample2D(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, hidden_states, output_size=None):
        hidden_states, dtype = _upcast_if_half(hidden_states)
        if hidden_states.shape[0] >= 64:
            hidden_states = hidden_states.contiguous()
        hidden_states = nn.functional.interpolate(hidden_states, scale_factor=2.0, mode="nearest")
        if dtype != hidden_states.dtype:
            hidden_states = hidden_states.to(dtype)
        return self.conv(hidden_states)


def example():
    return Upsample2D(), (torch.randn(1, 4, 2, 2),)
