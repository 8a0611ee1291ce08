"""CL124 on an int32 size after a graph break: dynamo specializes a 0-d int64 tensor that reaches its resume
function (a size taken from it there compiles), never an int32 one, whose every size use breaks again (measured on
2.13 with `torch.zeros`, `new_zeros`, `reshape`, `arange`). Proven under dynamo in tests/dynamo_cases/int32_sizes.py
(chemprop's AttentiveAggregation, agg.py:131, missed in held-out 9)."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

SIZES = REPO / "tests" / "dynamo_cases" / "int32_sizes.py"


def test_int32_sizes_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([SIZES]))
    assert found == sorted(expected_lines(SIZES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[SIZES.resolve()], SIZES)


def _rows(tmp_path, size: str):
    text = textwrap.dedent(f"""\
        import torch
        from torch import nn


        class M(nn.Module):
            def forward(self, x, batch):
                n = {size}
                first = torch.zeros(n, 2)
                second = x.new_zeros(n)
                return first.sum() + second.sum()
        """)
    return [f.start.row for f in lint_text(tmp_path, text, codes=["CL124"])]


@pytest.mark.parametrize("size, rows", [
    ("batch.max().int() + 1", [8, 9]),
    ("batch.max().to(torch.int32)", [8, 9]),
    ("batch.max().to(torch.int32) * 2", [8, 9]),
    ("batch.max().long() + 1", [8]),  # int64: the second use reads the resume function's specialized input
    ("batch.max() + 1", [8]),
])
def test_only_int32_sizes_break_again_after_a_break(tmp_path, size, rows):
    assert _rows(tmp_path, size) == rows
