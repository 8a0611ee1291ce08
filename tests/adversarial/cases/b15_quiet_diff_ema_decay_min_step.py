"""An EMA-style warmup: `min(self.decay, (1 + step) / (10 + step))` on Python numbers, and `torch.lerp`
of tensors with it."""
import torch
from torch import nn


class EmaBlend(nn.Module):
    def __init__(self, dim=8, decay=0.999, step=3):
        super().__init__()
        self.decay, self.step = decay, step
        self.net = nn.Linear(dim, dim)
        self.register_buffer("shadow", torch.zeros(dim))

    def forward(self, x):
        decay = min(self.decay, (1 + self.step) / (10 + self.step))
        out = self.net(x)
        blended = torch.lerp(out.mean(0), self.shadow, decay)
        return out + blended


def example():
    return EmaBlend(), (torch.randn(2, 8),)
