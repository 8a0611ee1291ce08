"""The attention scale falls back with `or`: `self.attn_scale or head_dim ** -0.5`, where the scale is a
registered buffer, so `or` asks the tensor for its truth value."""
import torch
from torch import nn

from b14_hf_utils import Config


class ScaledAttention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.head_dim = config.hidden_size
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.register_buffer("attn_scale", torch.tensor(0.25))

    def forward(self, hidden):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        scale = self.attn_scale or self.head_dim ** -0.5  # expect: CL101
        return ((q @ k.transpose(-1, -2)) * scale).softmax(-1) @ v


def example():
    return ScaledAttention(), (torch.randn(1, 3, 8),)
