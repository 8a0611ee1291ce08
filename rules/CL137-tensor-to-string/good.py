import torch
from torch import nn


class Describe(nn.Module):
    def forward(self, x):
        h = x * 2
        if h.dim() != 2:
            raise ValueError(f"expected a matrix, got {h.shape}")
        self.text = f"shape={h.shape} dtype={h.dtype} rows={h.shape[0]}"
        return h + 1


def example():
    return Describe(), (torch.randn(2, 8),)
