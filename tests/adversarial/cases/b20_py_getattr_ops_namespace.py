"""An ops namespace object resolves kernels by attribute name through `__getattr__` over a registry; the
registered clip kernel reads the bound as a Python float."""
import torch
from torch import nn

_KERNELS = {}


def register(fn):
    _KERNELS[fn.__name__] = fn
    return fn


@register
def clip_to_max(x, bound):
    limit = bound.max().item()  # known-miss: CL111
    return x.clamp(-limit, limit)


class _Ops:
    def __getattr__(self, name):
        return _KERNELS[name]


ops = _Ops()


class ClippedProj(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.register_buffer("bound", torch.tensor([1.0, 2.0]))

    def forward(self, x):
        return ops.clip_to_max(self.lin(x), self.bound)


def example():
    return ClippedProj(), (torch.randn(2, 4),)
