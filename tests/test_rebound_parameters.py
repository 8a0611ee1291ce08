"""CL124 on a parameter declared an int that the function rebinds to a tensor on one path (e2-tts' `lens_to_mask`,
held-out group 42): the name's kind after the branch follows that binding, and a finding on it carries the branch's
hole atoms, so it is withdrawn where every compiled call passes the parameter (the branch is never traced). Proven
under dynamo in tests/dynamo_cases/rebound_parameters.py."""

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "rebound_parameters.py"

HELPER = '''
from typing import Optional

import torch
from torch import nn


def zeros_for(t: torch.Tensor, size: Optional[int] = None):
    if size is None:
        size = t.sum().long()
    return torch.zeros(size)


class M(nn.Module):
    def forward(self, x):
        return zeros_for(x, CALL)
'''


def test_rebound_parameters_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASE]))
    assert found == sorted(expected_lines(CASE))


def test_a_size_bound_in_a_branch_holds_where_a_compiled_call_takes_the_branch(tmp_path):
    def rows(call):
        found = lint_text(tmp_path, HELPER.replace("CALL", call), codes=["CL124"])
        return [f.start.row for f in found]

    assert rows("x.shape[0]") == []  # every compiled call passes `size`: the rebinding is never traced
    assert rows("") == [11]  # left out: its default, None, takes the branch


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)
