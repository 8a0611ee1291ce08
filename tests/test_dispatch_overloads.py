"""A call of a `@functools.singledispatch` function reaches the overloads registered on it in its file
(`@to_scalar.register(torch.Tensor)`): dynamo runs the one for the argument's type. Proven under dynamo in
tests/dynamo_cases/dispatch_overloads.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "dispatch_overloads.py"

HEADER = """from functools import singledispatch

import torch
from torch import nn


class Registry:
    def register(self, cls):
        return lambda fn: fn


registry = Registry()


@singledispatch
def to_scalar(value):
    return value


@to_scalar.register(torch.Tensor)
def _(value):
    return value.item()


@registry.register(torch.Tensor)
def _other(value):
    return value.item()


class M(nn.Module):
"""
OVERLOAD_ROW = 22


def _found(tmp_path, forward: str):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, HEADER + forward, codes=["CL111"]))


def test_the_overloads_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_call_of_the_dispatching_function_reaches_its_overloads(tmp_path):
    forward = """    def forward(self, x, t):
        return x / to_scalar(t)
"""
    assert _found(tmp_path, forward) == [(OVERLOAD_ROW, "CL111")]


def test_overloads_of_a_function_never_called_and_other_register_decorators_are_not_reached(tmp_path):
    forward = """    def forward(self, x, t):
        return x / t
"""
    assert _found(tmp_path, forward) == []


METHOD_CASES = REPO / "tests" / "dynamo_cases" / "dispatch_method_overloads.py"


def test_the_method_overloads_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([METHOD_CASES]))
    assert found == sorted(expected_lines(METHOD_CASES))


def test_dynamo_breaks_in_the_method_overload_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[METHOD_CASES.resolve()], METHOD_CASES)


def test_a_call_of_a_dispatching_method_reaches_the_overloads_of_its_class_only(tmp_path):
    text = """import functools

import torch
from torch import nn


class Scalar:
    @functools.singledispatchmethod
    def value(self, v):
        return v

    @value.register
    def _(self, v: torch.Tensor):
        return v.item()


class Other:
    @functools.singledispatchmethod
    def value(self, v):
        return v

    @value.register
    def _(self, v: torch.Tensor):
        return v.item()


class M(nn.Module, Scalar):
    def forward(self, x, t):
        return x / self.value(t)
"""
    assert sorted((f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL111"])) == [(14, "CL111")]
