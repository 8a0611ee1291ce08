import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x):
        h = self.proj(x)
        h = torch.where(h.sum() > 0, h * 2, h)  # expect: CL101
        ok = (h > -3).all() | (h < 3).all()  # expect: CL101
        h = torch.where(torch.isfinite(h).all(), h, torch.zeros_like(h))  # expect: CL101
        scale = torch.where(h.mean() > 0, 0.5, 2.0)  # expect: CL101
        assert (h.abs() < 1e6).all(), "exploded: {}".format(h.shape)  # expect: CL101
        return h * scale + ok


def example():
    return Gate(), (torch.randn(4, 16),)
