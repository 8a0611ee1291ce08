"""`super().m()` in a mixin reaches the next class of each subclass's method resolution order (C3), a sibling mixin
where a subclass lists several bases. Proven under dynamo in tests/dynamo_cases/mro_super_siblings.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "mro_super_siblings.py"

MIXINS = """import torch
from torch import nn


class Base(nn.Module):
    def check(self, x):
        return x


class A(Base):
    def check(self, x):
        return super().check(x)


class B(Base):
    def check(self, x):
        if x.sum() > 0:
            x = -x
        return super().check(x)


"""
B_ROW = 17


def _found(tmp_path, tail: str):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, MIXINS + tail, codes=["CL101"]))


def test_the_sibling_mixin_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_super_in_the_first_mixin_reaches_the_second(tmp_path):
    tail = "class M(A, B):\n    def forward(self, x):\n        return self.check(x)\n"
    assert _found(tmp_path, tail) == [(B_ROW, "CL101")]


def test_a_sibling_after_the_mixin_in_a_deeper_subclass(tmp_path):
    tail = ("class C(A):\n    pass\n\n\nclass M(C, B):\n    def forward(self, x):\n        return self.check(x)\n")
    assert _found(tmp_path, tail) == [(B_ROW, "CL101")]


def test_no_sibling_when_the_order_puts_it_first_or_leaves_it_out(tmp_path):
    before = "class M(B, A):\n    def forward(self, x):\n        return A.check(self, x) * 0 + x\n"
    assert _found(tmp_path, before) == []  # A's super() on an M runs Base.check: B comes before A
    alone = "class M(A):\n    def forward(self, x):\n        return self.check(x)\n"
    assert _found(tmp_path, alone) == []
