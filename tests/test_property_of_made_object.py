"""A property read of an object the compiled code made runs the property (tests/dynamo_cases/
property_of_made_object.py, b22_pyg_edge_index_sorted_property): reached as `self.prop` is; a property of a class the
code never makes is not."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "property_of_made_object.py"


def test_properties_of_made_objects_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_plain_attribute_or_a_method_value_of_a_made_object_runs_no_property(tmp_path):
    text = """import torch
from torch import nn


class Holder:
    def __init__(self, data):
        self.data = data
        self.flag = True

    def check(self):
        return bool(self.data.sum() > 0)


class Other:
    @property
    def flag(self):
        return bool(torch.rand(()) > 0.5)


class M(nn.Module):
    def forward(self, x):
        h = Holder(x)
        fn = h.check
        return x * 2 if h.flag else x
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
