"""`float(o)`, `int(o)` and `bool(o)` run a project object's `__float__`, `__int__` and `__bool__` compiled (as `len(o)`
runs its `__len__`, tests/test_protocol_methods.py), and builtin `abs()` of a tensor is a tensor. Proven under dynamo
in tests/dynamo_cases/conversion_protocols.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "conversion_protocols.py"

HEADER = """import torch
from torch import nn


class Level:
    def __init__(self, sigma):
        self.sigma = sigma

    def __float__(self):
        return self.sigma.item()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.level = Level(torch.tensor(1.7))
        self.register_buffer("scale", torch.tensor(2.0))
        self.factor = 2.0

"""
FLOAT_ROW = 10


def _found(tmp_path, forward: str):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, HEADER + forward, codes=["CL101", "CL111"]))


def test_conversions_and_abs_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_float_of_a_project_object_runs_its_dunder_compiled(tmp_path):
    forward = """    def forward(self, x):
        return x * float(self.level)
"""
    assert _found(tmp_path, forward) == [(FLOAT_ROW, "CL111")]


def test_abs_of_a_buffer_is_a_tensor_and_abs_of_a_python_number_is_not(tmp_path):
    forward = """    def forward(self, x):
        if abs(self.factor - 1.0) > 1e-6:
            x = x * self.factor
        if abs(self.scale - 1.0) > 1e-6:
            x = x / self.scale
        return x
"""
    assert _found(tmp_path, forward) == [(23, "CL101")]


def test_a_dunder_never_called_through_a_builtin_is_not_reached(tmp_path):
    forward = """    def forward(self, x):
        return x * self.level.sigma.shape[0]
"""
    assert _found(tmp_path, forward) == []
