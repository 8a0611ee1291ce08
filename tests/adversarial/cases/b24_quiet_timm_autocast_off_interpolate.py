"""A feature pyramid upsamples in full precision inside `torch.autocast(..., enabled=False)` and a
`contextlib.nullcontext()` chosen by a Python flag."""
import contextlib

import torch
import torch.nn.functional as F
from torch import nn


class FpnTopDown(nn.Module):
    def __init__(self, dim=4, fp32_upsample=True):
        super().__init__()
        self.lateral = nn.Conv2d(dim, dim, 1)
        self.fp32_upsample = fp32_upsample

    def forward(self, fine, coarse):
        ctx = torch.autocast(device_type="cpu", enabled=False) if self.fp32_upsample else contextlib.nullcontext()
        with ctx:
            up = F.interpolate(coarse.float(), size=fine.shape[-2:], mode="nearest")
        return self.lateral(fine) + up


def example():
    return FpnTopDown(), (torch.randn(1, 4, 8, 8), torch.randn(1, 4, 4, 4))
