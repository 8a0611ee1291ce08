"""CL145's constructor-break pattern: `super().__init__()` of a project nn.Module built in compiled code whose
constructor (or a base's) breaks. The rule's bad.py proves GB0119 under dynamo; these are the project-wide
conditions (conditions.py) around it."""

from __future__ import annotations

from tests.helpers import REPO, lint_paths, lint_text

CASES = '''
import torch
from torch import nn


class Decomposition(nn.Module):
    def __init__(self, y):
        super().__init__()
        if y.isnan().any():
            raise ValueError("NaN outcomes")
        self.y = y


class Dominated(Decomposition):
    def __init__(self, y):
        super().__init__(y)


class Quiet(nn.Module):
    def __init__(self, y):
        super().__init__()
        self.y = y * 2


def _check(y):
    if y.isnan().any():
        raise ValueError("NaN outcomes")


class Checked(nn.Module):
    def __init__(self, y):
        super().__init__()
        _check(y)
        self.y = y


class Record:
    def __init__(self, y):
        super().__init__()
        self.seed = int(y.sum().item())


class NeverBuiltHere(nn.Module):
    def __init__(self, y):
        super().__init__()
        self.seed = int(y.sum().item())


class Acquisition(nn.Module):
    def forward(self, y):
        return Dominated(y).y + Quiet(y).y + Checked(y).y + Record(y).seed
'''


def test_the_super_init_of_every_breaking_module_constructor_built_in_compiled_code_is_flagged(tmp_path):
    lines = CASES.splitlines()
    found = lint_text(tmp_path, CASES, codes=["CL145", "CL101", "CL111"])  # the breaks it follows from are needed
    rows = [f.start.row for f in found if f.code == "CL145"]
    # the base's own break, and the subclass whose super().__init__ runs it; not Quiet (no break), not Checked
    # (the break is in a helper), not Record (no nn.Module), not NeverBuiltHere (built in eager code only)
    assert [lines[row - 1].strip() for row in rows] == ["super().__init__()", "super().__init__(y)"]
    assert [lines[row - 2].strip() for row in rows] == ["def __init__(self, y):"] * 2


def test_a_break_in_a_lambda_the_constructor_stores_is_no_constructor_break():
    # `self.post = lambda t: t.tolist()`: the lambda's finding carries `Model.__init__`, reached from forward, where
    # the constructor itself never runs
    case = REPO / "tests" / "adversarial" / "cases" / "flow_context_and_lambdas.py"
    found = [(f.code, f.start.row) for f in lint_paths([case], ["CL145", "CL112"])]
    assert found == [("CL112", 20)]
