"""A rotary embedding whose scaling factor is a buffer (so it follows `.to()` and the state dict); it
rescales positions only when `abs(factor - 1.0)` is above a tolerance."""
import torch
from torch import nn

from b15_hf_utils import Config


class ScaledRotaryEmbedding(nn.Module):
    def __init__(self, dim=8, base=10000.0, config=Config()):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.register_buffer("scaling_factor", torch.tensor(config.rope_scaling_factor + 1.0))

    def forward(self, x, position_ids):
        positions = position_ids.float()
        if abs(self.scaling_factor - 1.0) > 1e-6:  # expect: CL101
            positions = positions / self.scaling_factor
        freqs = positions[..., None] * self.inv_freq
        emb = torch.cat([freqs, freqs], dim=-1)
        return x * emb.cos() + x * emb.sin()


def example():
    return ScaledRotaryEmbedding(), (torch.randn(1, 4, 8), torch.arange(4)[None])
