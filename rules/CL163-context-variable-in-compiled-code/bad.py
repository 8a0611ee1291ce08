import contextvars
from contextvars import ContextVar

import torch
from torch import nn

_USE_FUSED: ContextVar[bool] = ContextVar("use_fused", default=True)
_SCALE = contextvars.ContextVar("scale", default=2.0)


def use_fused() -> bool:
    return _USE_FUSED.get()  # expect: CL163


class Attention(nn.Module):
    def forward(self, x):
        h = x.softmax(-1)
        if use_fused():
            h = h * 2
        _SCALE.set(3.0)  # expect: CL163
        return h + 1


def example():
    return Attention(), (torch.randn(2, 8),)
