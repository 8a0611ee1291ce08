"""CL175, `.data` set on a tensor made inside the compiled region (GB0056 on 2.13, tests/dynamo_cases/
data_set_on_graph_tensor.py): exactly the marked lines; `.data` of a parameter, a buffer, a ParameterList item, a loop
name over `parameters()` and an input compile and are not flagged."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "data_set_on_graph_tensor.py"


def test_rows_and_computed_locals_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_local_bound_to_an_attribute_or_rebound_is_not_flagged(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(3))
        self.rows = [nn.Parameter(torch.randn(3))]

    def forward(self, x):
        w = self.weight
        w.data = x.detach()
        fresh = x * 2
        fresh = self.weight
        fresh.data = x.detach()
        self.rows[0].data = x.detach()
        return x * w
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL175"] == []


def test_a_row_of_a_parameter_is_flagged_in_a_method_compiled_code_reaches(tmp_path):
    text = """import torch
from torch import nn


class Q(nn.Module):
    def __init__(self):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(2, 4, 3))

    def reset(self, i, fresh):
        self.codebook[i].data = fresh.clone()

    def forward(self, z):
        self.reset(0, z[:4])
        return z
"""
    assert [(f.code, f.start.row) for f in lint_text(tmp_path, text) if f.code == "CL175"] == [("CL175", 11)]
