"""CL176, a `functools.partialmethod` attribute called in compiled code (GB0088, the frame skipped: the rule's
examples), and the reach through it: `self.pool_max(x, batch)` runs the wrapped method with the caller's positional
arguments, so its own breaks are found (b24_pyg_partialmethod_global_pool, where dynamo compiles `_pool` as a frame of
its own after giving up on forward)."""

from __future__ import annotations

from tests.helpers import lint_text


def test_the_wrapped_method_is_reached_with_the_callers_arguments(tmp_path):
    text = """from functools import partialmethod

import torch
from torch import nn


class Pool(nn.Module):
    def _pool(self, x, batch, reduce):
        size = int(batch.max()) + 1
        return x.new_zeros(size, x.size(1))

    pool_max = partialmethod(_pool, reduce="amax")

    def forward(self, x, batch):
        return self.pool_max(x, batch)
"""
    found = sorted((f.start.row, f.code) for f in lint_text(tmp_path, text) if f.code.startswith("CL1"))
    assert found == [(9, "CL111"), (15, "CL176")]


def test_a_plain_method_and_a_partial_bound_in_init_are_not_flagged(tmp_path):
    text = """from functools import partial, partialmethod

import torch
from torch import nn


class Pool(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool_mean = partial(self._pool, reduce="mean")

    def _pool(self, x, reduce):
        return x.mean(0) if reduce == "mean" else x.amax(0)

    def pool_max(self, x):
        return self._pool(x, reduce="max")

    def forward(self, x):
        return self.pool_max(x) + self.pool_mean(x)


class Unused(nn.Module):
    shortcut = partialmethod(Pool._pool, reduce="mean")

    def forward(self, x):
        return x * 2
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
