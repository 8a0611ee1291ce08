"""CL153 on `operator` getters: an `itemgetter` / `attrgetter` / `methodcaller` object made outside the compiled region
(at import, in `__init__`) is a C callable dynamo cannot call (GB0156, proven by rules/CL153's bad.py); one made in
the compiled function traces (its good.py)."""

from __future__ import annotations

from tests.helpers import lint_text

HEADER = """import operator
from operator import attrgetter, itemgetter as ig
import torch
from torch import nn

first = ig(0)
shape_of = attrgetter("shape")
as_number = operator.methodcaller("item")


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.pick = operator.itemgetter(1)
        self.either = operator.itemgetter(0)
        self.plain = lambda pair: pair[0]

    def swap(self):
        self.either = self.plain

"""


def _rows(tmp_path, forward: str):
    return sorted(f.start.row - HEADER.count("\n") for f in lint_text(tmp_path, HEADER + forward, codes=["CL153"]))


def test_getters_made_at_import_or_in_init_are_flagged(tmp_path):
    forward = """    def forward(self, x):
        a = first((x, x))
        b = shape_of(x)
        c = as_number(x.sum())
        return self.pick((a, x)) * c + b[0]
"""
    assert _rows(tmp_path, forward) == [2, 3, 4, 5]


def test_getters_made_in_the_function_rebound_names_and_mixed_attributes_are_not(tmp_path):
    forward = """    def forward(self, x):
        local = operator.itemgetter(0)
        first = lambda pair: pair[1]
        return local((x, x)) + first((x, x)) + self.either((x, x)) + operator.itemgetter(0)((x, x))
"""
    assert _rows(tmp_path, forward) == []
