"""CL164: a generator function wrapped by `@torch.set_grad_enabled(False)` breaks at its first step in compiled code
(GB0007: dynamo skips the `set_grad_enabled` the wrapper builds), even in a loop that leaves early. Not flagged: the
same generator with the mode as a `with` block inside it, and an undecorated one. One decorated call per example
(dynamo logs a second break of the same reason as a duplicate it does not place)."""

import torch
from torch import nn


class Sampler(nn.Module):
    @torch.set_grad_enabled(False)
    def steps(self, x):
        for _ in range(3):
            x = x * 0.9
            yield x

    def inner_mode(self, x):
        with torch.set_grad_enabled(False):
            for _ in range(2):
                x = x + 0.1
                yield x

    def plain(self, x):
        yield x * 2

    def forward(self, x):
        h = x.sin()
        h = sum(self.inner_mode(h)) + next(self.plain(h))
        for y in self.steps(h):  # expect: CL164
            if y is None:
                break
            h = h + y
        return h


def example():
    return Sampler(), (torch.randn(2, 8),)
