"""`torch.compile(fn)` at a call site compiles fn; a sibling function stays eager."""
import torch

import compilelint


def body(x):
    h = x.relu()
    return h.sum() / h.nonzero().shape[0]  # expect: CL121


def eager_only(x):
    return x[x > 0].sum().item()


def example():
    fast = torch.compile(body, backend="eager")
    return compilelint.Example(lambda x: fast(x) + eager_only(x), (torch.randn(2, 3),), compiles_itself=True)
