"""Builtin max/min over one tensor is a tensor (one of its elements): proven under dynamo in
tests/dynamo_cases/builtin_max_of_tensor.py and b16_pyg_radius_builtin_max_count_topk (`x.topk(max(counts))`, GB0033);
over a shape, a list or several Python numbers it is no tensor."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "builtin_max_of_tensor.py"


def test_a_size_from_builtin_max_of_a_tensor_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_builtin_max_of_shapes_lists_and_numbers_is_no_tensor(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.ks = [1, 2]

    def forward(self, x):
        a = x.topk(max(x.shape[-1] // 2, 1))
        b = x.topk(min(self.ks))
        c = x.topk(max(x.size()) - 2)
        return a, b, c
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
