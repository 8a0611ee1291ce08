"""CL153 on `heapq` calls: every one breaks on 2.13 (tests/dynamo_cases/heapq_calls.py); a method named like a heapq
function on another object is not one."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "heapq_calls.py"


def test_heapq_calls_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_method_named_like_a_heapq_function_is_not_flagged(tmp_path):
    text = """import torch
from torch import nn


class Queue:
    def nlargest(self, n):
        return [n]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.queue = Queue()

    def forward(self, x):
        heapq = self.queue
        return x * heapq.nlargest(2)[0] + x * self.queue.nlargest(1)[0]
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
