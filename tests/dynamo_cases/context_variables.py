"""CL163: methods of a module-level `contextvars.ContextVar` in compiled code break the graph (GB0156 on 2.13): `get`
in a condition (curated-transformers' `if _TORCH_SDP.get():`), `get` bound to a name inside a loop (dynamo gives up on
the frame), and `reset`. Not flagged: a local of the same name, a read that `is_compiling()` short-circuits, and a
read in `__init__` (not compiled). One break of each method per example (dynamo logs a second break of the same
reason as a duplicate it does not place)."""

from contextvars import ContextVar

import torch
from torch import nn

_TORCH_SDP: ContextVar[bool] = ContextVar("torch_sdp", default=False)
_STEPS = ContextVar("steps", default=2)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.steps = _STEPS.get()

    def forward(self, x):
        h = x.softmax(-1)
        if _TORCH_SDP.get():  # expect: CL163
            h = h * 2
        return h


class Loop(nn.Module):
    def forward(self, x):
        for _ in range(2):
            x = x.cos()
            token = _STEPS.set(3)  # expect: CL163
            x = x + 1
            _STEPS.reset(token)
        return x


class Quiet(nn.Module):
    def forward(self, x):
        _STEPS = {"n": 2}
        if torch.compiler.is_compiling() or not _TORCH_SDP.get():
            x = x * _STEPS.get("n")
        return x


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = SelfAttention()
        self.loop = Loop()
        self.quiet = Quiet()

    def forward(self, x):
        return self.quiet(self.attention(x)) + self.loop(x)


def example():
    return Both(), (torch.randn(2, 8),)
