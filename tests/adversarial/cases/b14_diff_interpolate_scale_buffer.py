"""An upsampler whose scale factor is a registered buffer (so it moves with the model and is saved in the
state dict); `F.interpolate` gets it as `float(...)`."""
import torch
import torch.nn.functional as F
from torch import nn


class Upsample2D(nn.Module):
    def __init__(self, channels=4, scale=2.0):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 3, padding=1)
        self.register_buffer("scale_factor", torch.tensor(scale))

    def forward(self, hidden_states):
        hidden_states = F.interpolate(hidden_states, scale_factor=float(self.scale_factor), mode="nearest")  # expect: CL111
        return self.conv(hidden_states)


def example():
    return Upsample2D(), (torch.randn(1, 4, 4, 4),)
