"""A diffusion UNet's resnet block with keyword-only options (`*, output_scale_factor=1.0, log_stats=False`), built
by its down block without them: the statistics print under `self.log_stats` is never traced."""
import torch
import torch.nn.functional as F
from torch import nn


class ResnetBlock2D(nn.Module):
    def __init__(self, in_channels, out_channels=None, temb_channels=8, *, output_scale_factor=1.0, log_stats=False):
        super().__init__()
        out_channels = in_channels if out_channels is None else out_channels
        self.norm1 = nn.GroupNorm(2, in_channels)
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, padding=1)
        self.time_emb_proj = nn.Linear(temb_channels, out_channels)
        self.output_scale_factor = output_scale_factor
        self.log_stats = log_stats

    def forward(self, input_tensor, temb):
        hidden_states = self.conv1(F.silu(self.norm1(input_tensor)))
        hidden_states = hidden_states + self.time_emb_proj(F.silu(temb))[:, :, None, None]
        if self.log_stats:
            print(f"resnet mean={hidden_states.mean().item():.3f}")
        return (input_tensor + hidden_states) / self.output_scale_factor


class DownBlock2D(nn.Module):
    def __init__(self, channels=4, num_layers=2):
        super().__init__()
        self.resnets = nn.ModuleList([ResnetBlock2D(channels, channels) for _ in range(num_layers)])

    def forward(self, hidden_states, temb):
        for resnet in self.resnets:
            hidden_states = resnet(hidden_states, temb)
        return hidden_states


def example():
    return DownBlock2D(), (torch.randn(1, 4, 4, 4), torch.randn(1, 8))
