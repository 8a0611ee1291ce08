"""The same tolerance test on a scaling factor read from the config (a Python float), and `abs()` of a
tensor kept as a tensor."""
import torch
from torch import nn

from b15_hf_utils import Config


class ScaledRotaryEmbedding(nn.Module):
    def __init__(self, dim=8, base=10000.0, config=Config()):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.scaling_factor = config.rope_scaling_factor + 1.0

    def forward(self, x, position_ids):
        positions = position_ids.float()
        if abs(self.scaling_factor - 1.0) > 1e-6:
            positions = positions / self.scaling_factor
        freqs = positions[..., None] * self.inv_freq
        emb = torch.cat([freqs, freqs], dim=-1)
        damp = abs(x).clamp(max=1.0)
        return x * emb.cos() + damp * emb.sin()


def example():
    return ScaledRotaryEmbedding(), (torch.randn(1, 4, 8), torch.arange(4)[None])
