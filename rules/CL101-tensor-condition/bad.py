import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x):
        h = self.proj(x)
        if h.sum() > 0:  # expect: CL101
            h = h * 2
        ok = (h > -3).all() or (h < 3).all()  # expect: CL101
        if not torch.isfinite(h).all():  # expect: CL101
            h = torch.zeros_like(h)
        scale = 0.5 if h.mean() > 0 else 2.0  # expect: CL101
        assert (h.abs() < 1e6).all(), "exploded: {}".format(h.shape)  # expect: CL101
        return h * scale + ok


def example():
    return Gate(), (torch.randn(4, 16),)
