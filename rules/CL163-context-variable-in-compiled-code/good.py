import contextvars

import torch
from torch import nn

_USE_FUSED = contextvars.ContextVar("use_fused", default=True)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.use_fused = _USE_FUSED.get()  # read once, when the module is built

    def forward(self, x):
        h = x.softmax(-1)
        if torch.compiler.is_compiling() or not _USE_FUSED.get():  # not evaluated while compiling
            h = h + 0
        if self.use_fused:
            h = h * 2
        return h + 1


def example():
    return Attention(), (torch.randn(2, 8),)
