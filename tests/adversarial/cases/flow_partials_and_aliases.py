"""Breaking callables reached through functools.partial, local aliases of builtins and a dict of
functions keyed by a constant string."""
import functools

import torch
from torch import nn


def clip_to(x, limit):
    top = float(x.max())  # expect: CL111
    return x.clamp(max=min(top, limit))


def summarize(x):
    return x.tolist()  # expect: CL112


def keep(x):
    return x


REDUCERS = {"list": summarize, "keep": keep}
emit = print


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.clip = functools.partial(clip_to, limit=1.0)
        self.mode = "list"

    def forward(self, x):
        x = self.clip(x)
        as_int = int
        n = as_int(x.sum())  # expect: CL111
        emit("sum", n)  # expect: CL131
        return REDUCERS[self.mode](x)


def example():
    return Model(), (torch.randn(2, 3),)
