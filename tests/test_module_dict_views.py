"""Calls of the elements of a module container whose elements are all torch.nn modules are tensors (the loop over
an nn.ModuleDict's `.items()` / `.values()` binds its modules): proven under dynamo in
tests/dynamo_cases/module_dict_views.py and b20_py_defaultdict_float_stats_loop."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "module_dict_views.py"


def test_element_calls_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_containers_with_a_tuple_module_or_a_plain_dict_are_not_taken_for_tensors(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.mixed = nn.ModuleDict({"attn": nn.MultiheadAttention(dim, 1), "lin": nn.Linear(dim, dim)})
        self.scales = {"a": 0.5, "b": 2.0}

    def forward(self, x):
        total = 0.0
        for name, m in self.mixed.items():
            out = m(x)
            total = total + float(out[0].sum()) if isinstance(out, tuple) else total
        for name, s in self.scales.items():
            total = total + float(s)
        return x * total
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
