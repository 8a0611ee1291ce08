"""A ResNet block and an Upsample2D: contiguous() above a batch-size threshold, bf16 upcast around
interpolate, a None output_size, time embedding behind flags, an output scale factor: nothing breaks."""
import torch
import torch.nn.functional as F
from torch import nn


class Upsample2D(nn.Module):
    def __init__(self, channels, use_conv=True, interpolate=True):
        super().__init__()
        self.interpolate = interpolate
        self.conv = nn.Conv2d(channels, channels, 3, padding=1) if use_conv else None

    def forward(self, hidden_states, output_size=None):
        dtype = hidden_states.dtype
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(torch.float32)
        if hidden_states.shape[0] >= 64:
            hidden_states = hidden_states.contiguous()
        if self.interpolate:
            if output_size is None:
                hidden_states = F.interpolate(hidden_states, scale_factor=2.0, mode="nearest")
            else:
                hidden_states = F.interpolate(hidden_states, size=output_size, mode="nearest")
        if dtype == torch.bfloat16:
            hidden_states = hidden_states.to(dtype)
        if self.conv is not None:
            hidden_states = self.conv(hidden_states)
        return hidden_states


class ResnetBlock2D(nn.Module):
    def __init__(self, channels=4, temb_channels=6, groups=2, output_scale_factor=1.0, skip_time_act=False):
        super().__init__()
        self.norm1 = nn.GroupNorm(groups, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.time_emb_proj = nn.Linear(temb_channels, channels) if temb_channels is not None else None
        self.norm2 = nn.GroupNorm(groups, channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.nonlinearity = nn.SiLU()
        self.skip_time_act = skip_time_act
        self.output_scale_factor = output_scale_factor
        self.conv_shortcut = None
        self.upsample = Upsample2D(channels)

    def forward(self, input_tensor, temb):
        hidden_states = self.nonlinearity(self.norm1(input_tensor))
        hidden_states = self.conv1(hidden_states)
        if self.time_emb_proj is not None:
            if not self.skip_time_act:
                temb = self.nonlinearity(temb)
            temb = self.time_emb_proj(temb)[:, :, None, None]
            hidden_states = hidden_states + temb
        hidden_states = self.conv2(self.nonlinearity(self.norm2(hidden_states)))
        if self.conv_shortcut is not None:
            input_tensor = self.conv_shortcut(input_tensor.contiguous())
        output_tensor = (input_tensor + hidden_states) / self.output_scale_factor
        return self.upsample(output_tensor)


def example():
    return ResnetBlock2D(), (torch.randn(2, 4, 4, 4), torch.randn(2, 6))
