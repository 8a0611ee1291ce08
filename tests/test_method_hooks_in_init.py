"""Methods of self that __init__ registers as forward (pre-)hooks, of self or of a submodule, directly or through
`functools.partial` (tests/dynamo_cases/method_hooks_in_init.py; b24_timm_feature_hook_partial_item): they are reached
from forward, so their breaks are reported; a hook method registered elsewhere (a debug switch forward never calls)
is not reached."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "method_hooks_in_init.py"


def test_breaks_in_hook_methods_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_partial_of_a_method_that_is_no_hook_is_not_reached(tmp_path):
    text = """from functools import partial

import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.callbacks = [partial(self._log, "fc")]

    def _log(self, name, value):
        print(name, value.item())

    def forward(self, x):
        return self.fc(x)
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
