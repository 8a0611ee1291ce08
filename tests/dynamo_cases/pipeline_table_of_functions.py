"""A loop over one list of a module-level table of functions (`AUGMENT_FNS = {"color": [partial(f, s=1.0)], "offset":
[rand_offset]}`, then `for f in AUGMENT_FNS[p]: x = f(x)`) runs every function of the table's lists: dynamo inlines
each, `partial` ones too. The table sits below the functions, as in stylegan2-pytorch's DiffAugment, missed in
held-out 88 (its `random.randint(0, n) * 2 - n` in `rand_offset` breaks, GB0213, and skips the frame; the `partial`
of `rand_scale` runs too and compiles)."""
import random
from functools import partial

import torch


class Augment(torch.nn.Module):
    def __init__(self, types=("scale", "offset")):
        super().__init__()
        self.types = types

    def forward(self, x):
        for p in self.types:
            for f in AUGMENT_FNS[p]:
                x = f(x)
        return x.contiguous()


def rand_scale(x, scale):
    return x * (torch.rand(x.size(0), 1, dtype=x.dtype) * scale + 0.5)


def rand_offset(x, ratio=0.25):
    max_h = int(x.size(1) * ratio)
    value_h = random.randint(0, max_h) * 2 - max_h  # expect: CL133
    return torch.roll(x, value_h, 1)


AUGMENT_FNS = {
    "scale": [partial(rand_scale, scale=1.0)],
    "offset": [rand_offset],
}


def example():
    return Augment(), (torch.randn(2, 8),)
