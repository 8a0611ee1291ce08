"""`torch.is_nonzero(t)`, `t.is_nonzero()` (of a buffer or an input: of a tensor computed in the graph it is GB0033,
CL101's data-dependent test) and `torch.is_same_size(a, b)` answer a Python bool from torch functions
dynamo does not trace (GB0208, CL159); `warnings.simplefilter` / `filterwarnings` / `resetwarnings` are skipped
inside warnings.py (GB0007, reported on the call: CL131). `warnings.catch_warnings()` alone, a shape comparison and a
tensor test through `torch.where` compile."""
import warnings

import torch
from torch import nn


def switch(enabled, x):
    if torch.is_nonzero(enabled):  # expect: CL159
        x = x + 1
    return x * 2


class MethodSwitch(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("enabled", torch.tensor(1))

    def forward(self, x):
        if self.enabled.is_nonzero():  # expect: CL159
            x = x - 1
        return x * 2


def same(a, b):
    return a + b if torch.is_same_size(a, b) else a  # expect: CL159


def quiet_filters(x):
    x = x + 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # expect: CL131
        y = x * 3
    return y


def set_filter(x):
    x = x * 2
    warnings.filterwarnings("ignore", category=DeprecationWarning)  # expect: CL131
    return x + 1


def reset_filters(x):
    x = x * 2
    warnings.resetwarnings()  # expect: CL131
    return x + 1


def compiles(enabled, a, b):
    with warnings.catch_warnings():
        y = a * 3
    same_shape = a.shape == b.shape
    return torch.where(enabled != 0, y, b) + (1.0 if same_shape else 0.0)


class UntraceableTests(nn.Module):
    def __init__(self):
        super().__init__()
        self.method_switch = MethodSwitch()

    def forward(self, enabled, a, b):
        out = switch(enabled, a) + self.method_switch(a) + same(a, b)
        out = out + quiet_filters(a) + set_filter(b) + reset_filters(a)
        return out + compiles(enabled, a, b)


def example():
    return UntraceableTests(), (torch.tensor(1), torch.randn(3), torch.randn(3))
