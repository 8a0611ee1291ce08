"""Modules kept in a plain list or tuple and called in a loop: the regions alone, no rule.

Measured on 2.13 (reachw-2026-11-29w.md §3): dynamo unrolls `for layer in layers: x = layer(x)` and traces each
element's forward, whether the list is built in forward from submodules (`[self.a, self.b]`), is a tuple literal
iterated in place, is a comprehension of modules built in forward, or is a local list of __init__ stored on self
(`blocks = [Block() for ...]; self.order = blocks`).
"""

from __future__ import annotations

import textwrap

from compilelint.index import index_file
from compilelint.linter import parse_and_lint, read_source
from compilelint.regions import ProjectRegions

MODULES = """
    from torch import nn


    class A(nn.Module):
        def forward(self, x):
            return x


    class B(nn.Module):
        def forward(self, x):
            return x


    class C(nn.Module):
        def forward(self, x):
            return x


    class D(nn.Module):
        def forward(self, x):
            return x


    class Unused(nn.Module):
        def forward(self, x):
            return x


    class LocalList(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = A()
            self.b = B()

        def forward(self, x):
            layers = [self.a, self.b]
            for layer in layers:
                x = layer(x)
            return x


    class TupleInPlace(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = A()
            self.c = C()

        def forward(self, x):
            for layer in (self.a, self.c):
                x = layer(x)
            return x


    class BuiltInForward(nn.Module):
        def forward(self, x):
            for block in [C() for _ in range(2)]:
                x = block(x)
            return x


    class InitLocal(nn.Module):
        def __init__(self):
            super().__init__()
            blocks = [D() for _ in range(2)]
            self.order = blocks

        def forward(self, x):
            for block in self.order:
                x = block(x)
            return x
"""


def _regions(tmp_path, root: str) -> set:
    path = tmp_path / "m.py"
    path.write_text(textwrap.dedent(MODULES))
    facts = parse_and_lint(read_source(path, "m.py")[0], "m", False, ()).facts
    regions = ProjectRegions([facts], assume_forward=False, roots=(f"m:{root}.forward",))
    return {qualname for _, qualname in regions.compiled}


def test_a_loop_over_a_local_list_of_submodules_reaches_each_forward(tmp_path):
    assert _regions(tmp_path, "LocalList") == {"LocalList.forward", "A.forward", "B.forward"}


def test_a_loop_over_a_tuple_of_submodules_reaches_each_forward(tmp_path):
    assert _regions(tmp_path, "TupleInPlace") == {"TupleInPlace.forward", "A.forward", "C.forward"}


def test_a_loop_over_modules_built_in_forward_reaches_their_class(tmp_path):
    assert {"BuiltInForward.forward", "C.forward"} <= _regions(tmp_path, "BuiltInForward")
    assert "Unused.forward" not in _regions(tmp_path, "BuiltInForward")


def test_a_local_list_of_init_stored_on_self_reaches_its_elements(tmp_path):
    assert _regions(tmp_path, "InitLocal") == {"InitLocal.forward", "D.forward"}
    indexed = index_file(textwrap.dedent(MODULES), "m.py", "m", False).facts.classes["InitLocal"].containers
    assert indexed == {"order": ["D"]}
