"""Python control flow on shapes, dtypes, devices, None-ness, numel and module flags: all static."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4)])
        self.bias = None
        self.use_bias = True

    def forward(self, x, mask=None):
        if x.numel() == 0:
            return x
        if x.dtype == torch.float16 or x.device.type == "cuda":
            x = x.float()
        if mask is None and x.shape[-1] % 2 == 0:
            mask = torch.ones_like(x, dtype=torch.bool)
        if self.layers and len(self.layers) > 0:
            x = self.layers[0](x)
        if self.use_bias and self.bias is not None:
            x = x + self.bias
        while x.dim() < 4:
            x = x.unsqueeze(0)
        if x.is_floating_point() and not x.is_complex() and x.requires_grad:
            x = x * 1.0
        return x.squeeze() if x.size(0) == 1 else x, mask


def example():
    return Model(), (torch.randn(3, 4),)
