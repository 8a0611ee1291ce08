"""`_attention` is overridden twice; each override calls `super()`, so the grandparent's NaN check runs."""
import torch
from torch import nn

from b13_quiet_diff_modeling import ModelMixin


class AttentionBase(ModelMixin):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def _attention(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        weights = (q @ k.transpose(-1, -2)).softmax(-1)
        if torch.isnan(weights).any():  # expect: CL101
            raise ValueError("NaN in attention weights")
        return weights @ v


class ScaledAttention(AttentionBase):
    def _attention(self, x):
        return super()._attention(x) * 0.5


class GatedAttention(ScaledAttention):
    def __init__(self, dim=8):
        super().__init__(dim)
        self.gate = nn.Linear(dim, dim)

    def _attention(self, x):
        return super()._attention(x) * torch.sigmoid(self.gate(x))

    def forward(self, x):
        return x + self._attention(x)


def example():
    return GatedAttention(), (torch.randn(1, 4, 8),)
