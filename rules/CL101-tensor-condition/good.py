import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x, mask=None):
        h = self.proj(x)
        h = torch.where(h.sum() > 0, h * 2, h)
        ok = (h > -3).all() | (h < 3).all()
        h = torch.nan_to_num(h)
        if x.shape[0] > 8 and self.training:
            h = h + 1
        if mask is not None:
            h = h * mask
        if h.shape[-1] in [8, 16] and h.argmax() in {0: "first"}:  # an int in a list; a dict looks up by hash
            h = h + 1
        match h.dim():  # a Python int: value patterns compare it without reading a tensor
            case 2:
                h = h + 1
            case _:
                h = h - 1
        assert (h.abs() < 1e6).all(), "activations exploded"
        return h * torch.where(h.mean() > 0, 0.5, 2.0) + ok


def example():
    return Gate(), (torch.randn(4, 16),)
