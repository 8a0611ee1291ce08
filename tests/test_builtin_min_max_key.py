"""CL174, builtin max/min with `key=` that dynamo cannot fold (GB0193 on 2.13, tests/dynamo_cases/builtin_min_max_key.py):
exactly the marked lines; keys that fold and a user function named max are not flagged."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "builtin_min_max_key.py"


def test_unfoldable_keys_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_project_max_and_a_raw_parameter_closure_are_not_flagged(tmp_path):
    text = """import torch
from torch import nn


def max(xs, key=None):
    return xs[0]


class M(nn.Module):
    def forward(self, x, n):
        first = max([1, 2], key=lambda v: self.training)
        return x * first * min([1, 2], key=lambda v: abs(v - n))
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL174"] == []
