"""A break enclosing another in a comprehension's element is never reported: the inner break skips the comprehension's
frame (frame_skips.drop_enclosing_in_comprehensions; tests/dynamo_cases/comprehension_enclosing_break.py)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "comprehension_enclosing_break.py"


def test_only_the_inner_break_is_flagged_in_a_comprehension():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_break_in_one_branch_of_the_element_keeps_the_enclosing_one(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, ts, flag: bool):
        return [((x == s).nonzero() if flag else x).sum().item() for s in ts]
"""
    codes = sorted(f.code for f in lint_text(tmp_path, text) if f.code in ("CL111", "CL121"))
    assert codes == ["CL111", "CL121"]
