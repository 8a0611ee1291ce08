"""Tensor methods called as `torch.Tensor.m(t, ...)` or through `getattr(t, "m")(...)` break as the method call
does, and `map(float, t)` as `float` of each element (measured on 2.13, adversarial batch 14); a `getattr` with a
name computed at run time is not judged, and the same spellings of methods that stay in the graph compile, as does
`map(int, x.shape)`."""
import torch
from torch import Tensor, nn


class Spelled(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("steps", torch.arange(3))
        self.method = "relu"

    def forward(self, x):
        scale = Tensor.item(x.abs().max())  # expect: CL111
        rows = getattr(x > 0, "nonzero")()  # expect: CL121
        steps = torch.Tensor.tolist(self.steps)  # expect: CL112
        weights = list(map(float, self.steps))  # expect: CL111
        rows_, cols = map(int, x.shape)
        y = torch.Tensor.add(x, 1.0) + getattr(x, self.method)() + getattr(x, "sigmoid")()
        return y / scale + rows.shape[0] + len(steps) + weights[0] + rows_ * cols


def example():
    return Spelled(), (torch.randn(2, 3),)
