"""A subclass switches the base block's `log_stats` on through `super().__init__(..., log_stats=True)`: the
statistics print is traced and `.item()` breaks first."""
import torch
import torch.nn.functional as F
from torch import nn


class StatsResnetBlock(nn.Module):
    def __init__(self, in_channels, temb_channels=8, log_stats=False):
        super().__init__()
        self.norm1 = nn.GroupNorm(2, in_channels)
        self.conv1 = nn.Conv2d(in_channels, in_channels, 3, padding=1)
        self.time_emb_proj = nn.Linear(temb_channels, in_channels)
        self.log_stats = log_stats

    def forward(self, input_tensor, temb):
        hidden_states = self.conv1(F.silu(self.norm1(input_tensor)))
        hidden_states = hidden_states + self.time_emb_proj(F.silu(temb))[:, :, None, None]
        if self.log_stats:
            print(f"resnet mean={hidden_states.mean().item():.3f}")  # expect: CL111, CL131
        return input_tensor + hidden_states


class VerboseResnetBlock(StatsResnetBlock):
    def __init__(self, in_channels):
        super().__init__(in_channels, log_stats=True)


def example():
    return VerboseResnetBlock(4), (torch.randn(1, 4, 4, 4), torch.randn(1, 8))
