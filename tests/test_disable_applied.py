"""CL141 on `torch.compiler.disable` applied inside compiled code (a decorated nested def, a call of disable): dynamo
skips the call of disable there (GB0007), proven in tests/dynamo_cases/disable_applied_in_compiled_code.py (docTR's
DBNet and PARSeq, missed in held-out group 43)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "disable_applied_in_compiled_code.py"


def test_wrapping_in_compiled_code_is_flagged_where_it_is_evaluated():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == expected_lines(CASE)


def test_dynamo_breaks_exactly_there(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def test_wrapping_outside_compiled_code_and_a_disabled_call_at_once_are_not_flagged_twice(tmp_path):
    text = """\
        import torch
        from torch import nn

        def helper(t):
            @torch.compiler.disable
            def inner(u):
                return u.tolist()
            return inner

        class Net(nn.Module):
            @torch.compiler.disable
            def listed(self, x):
                return x.tolist()

            def forward(self, x):
                return torch.compiler.disable(len)(x)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(16, "CL141")]
