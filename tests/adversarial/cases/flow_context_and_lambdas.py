"""A @contextmanager that reads the clock, a lambda stored on the module, and getattr dispatch to a
method named by a constant string."""
import contextlib
import time

import torch
from torch import nn


@contextlib.contextmanager
def region(name, log):
    log.append(name)
    yield
    log.append(time.time())  # expect: CL132


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.post = lambda t: t.tolist()  # expect: CL112
        self.pre = lambda t: t * 2
        self.kind = "relu"
        self.log = []

    def _relu(self, x):
        return x.relu()

    def _debug(self, x):
        print(x)  # known-fp: CL131
        return x

    def forward(self, x):
        x = self.pre(x)
        x = getattr(self, f"_{self.kind}")(x)
        with region("body", self.log):
            x = x + 1
        return self.post(x)


def example():
    return Model(), (torch.randn(2, 3),)
