"""`assert` on tensor values and shapes, builtin `max` over 0-d tensors and `torch.tensor` of 0-d tensors:
all compile."""
import torch
from torch import nn

from b13_quiet_timm_layers import ClassifierBase


class PatchEmbed(ClassifierBase):
    def __init__(self, dim=8, in_chans=3):
        super().__init__(dim)
        self.in_chans = in_chans
        self.proj = nn.Conv2d(in_chans, dim, 2, stride=2)

    def forward_features(self, x):
        assert x.shape[1] == self.in_chans, f"expected {self.in_chans} channels"
        assert torch.isfinite(x).all(), "non-finite input"
        x = self.proj(x).flatten(2).transpose(1, 2)
        peak = max(x.amax(), -x.amin())
        stats = torch.tensor([x.mean(), x.std()])
        return x / peak + stats.sum() * 0.0


def example():
    return PatchEmbed(), (torch.randn(2, 3, 4, 4),)
