"""CL158 (a breaking method of an object built in the compiled function): which calls it reports.
The rule's bad.py/good.py prove the reported and the clean case under dynamo; the others were measured on
2.13 with the same classes (an object handed in, used after an earlier break, or built by a constructor
that breaks: no GB0092 on its call)."""

from __future__ import annotations

from tests.helpers import lint_text

SOLVER = '''
import torch
from torch import nn


class Breaking:
    def __init__(self, y):
        self.y = y

    def integrate(self, t):
        print("step")
        return self.y * t


class Clean:
    def __init__(self, y):
        self.y = y

    def integrate(self, t):
        return self.y * t


def make(y):
    return Breaking(y)
'''


def _made_object_rows(tmp_path, body: str):
    findings = lint_text(tmp_path, SOLVER + body)
    return sorted(f.start.row - SOLVER.count("\n") for f in findings if f.code == "CL158")


def test_reported_on_a_local_object_built_from_a_project_class(tmp_path):
    body = '''
class Net(nn.Module):
    def forward(self, x, t):
        solver = Breaking(x)
        return solver.integrate(t)
'''
    assert _made_object_rows(tmp_path, body) == [5]


def test_silent_when_the_method_does_not_break(tmp_path):
    body = '''
class Net(nn.Module):
    def forward(self, x, t):
        return Clean(x).integrate(t)
'''
    assert _made_object_rows(tmp_path, body) == []


def test_silent_when_a_registry_may_build_a_class_whose_method_is_clean(tmp_path):
    body = '''
SOLVERS = {"a": Breaking, "b": Clean}


class Net(nn.Module):
    def forward(self, x, t, name: str):
        return SOLVERS[name](x).integrate(t)
'''
    assert _made_object_rows(tmp_path, body) == []


def test_silent_for_objects_a_helper_returns_or_the_caller_passes(tmp_path):
    body = '''
class Net(nn.Module):
    def forward(self, x, t, given):
        made = make(x)
        return made.integrate(t) + given.integrate(t)
'''
    assert _made_object_rows(tmp_path, body) == []


def test_silent_after_an_earlier_break_or_when_the_constructor_breaks(tmp_path):
    body = '''
class Net(nn.Module):
    def forward(self, x, t):
        solver = Breaking(x)
        print("before")
        y = solver.integrate(t)
        return Breaking(y).integrate(t)


class BreakingInit:
    def __init__(self, y):
        print("made")
        self.y = y

    def integrate(self, t):
        return Breaking(self.y).integrate(t)


class Built(nn.Module):
    def forward(self, x, t):
        return BreakingInit(x).integrate(t)
'''
    # Net: the print hands `solver` to the resume function; the chained call after it is made there: reported.
    # Built: the constructor breaks, so the object comes back from an eager call (inside it, line 16 is one)
    assert _made_object_rows(tmp_path, body) == [7, 16]


def test_only_the_first_reconstruction_failure_of_a_function(tmp_path):
    body = '''
class Twice(nn.Module):
    def forward(self, x, t):
        y = Clean(x).integrate(t)
        y = Breaking(y).integrate(t)
        return Breaking(y).integrate(t)
'''
    # measured: dynamo stops tracing the frame at the first reconstruction failure (a clean call before it
    # does not count)
    assert _made_object_rows(tmp_path, body) == [5]


def test_silent_when_the_call_is_in_a_loop(tmp_path):
    # a break in a loop makes dynamo give up on the frame (GB7000): the object is never rebuilt, no GB0092
    # (tests/dynamo_cases/made_object_in_loop.py, measured on 2.13)
    body = '''
class Net(nn.Module):
    def forward(self, x, t):
        solver = Breaking(x)
        for _ in range(2):
            x = solver.integrate(t)
        while t.dim() < 0:
            x = Breaking(x).integrate(t)
        return x
'''
    assert _made_object_rows(tmp_path, body) == []
