"""A `@functools.singledispatchmethod` method called from compiled code: dynamo dispatches on the argument's type and
runs the overload registered for it in the class (`@as_pads.register` on `pad: torch.Tensor`), so that overload's
`.tolist()` is the compiled code's break (adversarial batch 20). An overload registered on another class's method of
the same name is not reached."""
import functools

import torch
import torch.nn.functional as F
from torch import nn


class Padder:
    @functools.singledispatchmethod
    def as_pads(self, pad):
        raise TypeError(type(pad))

    @as_pads.register
    def _(self, pad: torch.Tensor):
        return pad.tolist()  # expect: CL112

    def __call__(self, x, pad):
        return F.pad(x, self.as_pads(pad))


class Unused:
    @functools.singledispatchmethod
    def as_pads(self, pad):
        return pad

    @as_pads.register
    def _(self, pad: torch.Tensor):
        return pad.tolist()


class PadConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = Padder()
        self.conv = nn.Conv2d(2, 2, 3)

    def forward(self, x, pads):
        return self.conv(self.pad(x, pads))


def example():
    return PadConv(), (torch.randn(1, 2, 4, 4), torch.tensor([1, 1, 1, 1]))
