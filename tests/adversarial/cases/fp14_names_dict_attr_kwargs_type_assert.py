"""Keys looked up in a dict attribute and in **kwargs, ints iterated from a tuple default, a string attribute
compared, and a helper asserting `type(shape) in (tuple, list)` before sizing with `shape[0]`: no tensor anywhere."""
import torch
from torch import nn


def zeros_for(x, shape):
    assert type(shape) in (tuple, list)
    return torch.zeros(shape[0]) + x.sum()


class Cached(nn.Module):
    def __init__(self):
        super().__init__()
        self.cache = {"a": torch.ones(4)}
        self.mode = "bilinear"
        self.proj = nn.Linear(4, 4)

    def forward(self, x, shape, dims=(1, 2), **kwargs):
        h = self.proj(x)
        for key in ("a", "b"):
            if key in self.cache:
                h = h + self.cache[key]
        if "scale" in kwargs:
            h = h * kwargs["scale"]
        for d in dims:
            if d > 1:
                h = h.flip(d - 1)
        if self.mode == "bilinear":
            h = h * 2
        return h + zeros_for(x, shape)[:1]


def example():
    return Cached(), (torch.randn(2, 4), (3, 4))
