"""ResNet block with time embedding, fp16 clamping and an inf check before the clamp."""
import torch
from torch import nn
import torch.nn.functional as F


class ResnetBlock2D(nn.Module):
    def __init__(self, channels=4, temb_channels=8, output_scale_factor=1.0):
        super().__init__()
        self.norm1 = nn.GroupNorm(2, channels)
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.time_emb_proj = nn.Linear(temb_channels, channels)
        self.norm2 = nn.GroupNorm(2, channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.time_embedding_norm = "default"
        self.output_scale_factor = output_scale_factor
        self.upsample = None

    def forward(self, input_tensor, temb):
        hidden_states = F.silu(self.norm1(input_tensor))
        if self.upsample is not None:
            if hidden_states.shape[0] >= 64:
                input_tensor = input_tensor.contiguous()
                hidden_states = hidden_states.contiguous()
        hidden_states = self.conv1(hidden_states)
        if temb is not None:
            temb = self.time_emb_proj(F.silu(temb))[:, :, None, None]
        if self.time_embedding_norm == "default":
            if temb is not None:
                hidden_states = hidden_states + temb
            hidden_states = self.norm2(hidden_states)
        hidden_states = self.conv2(F.silu(hidden_states))
        if hidden_states.dtype == torch.float16:
            clamp_value = torch.where(torch.isinf(hidden_states).any(), torch.finfo(hidden_states.dtype).max - 1000,
                                      torch.finfo(hidden_states.dtype).max)
            hidden_states = torch.clamp(hidden_states, min=-clamp_value, max=clamp_value)
        if torch.isinf(hidden_states).any():  # expect: CL101
            hidden_states = torch.nan_to_num(hidden_states)
        return (input_tensor + hidden_states) / self.output_scale_factor


def example():
    return ResnetBlock2D(), (torch.randn(1, 4, 4, 4), torch.randn(1, 8))
