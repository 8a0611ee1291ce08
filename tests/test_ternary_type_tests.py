"""A conditional expression whose test says a name is no tensor in one branch narrows that branch like an `if`
statement (dynamo-proven in tests/dynamo_cases/ternary_type_tests.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "ternary_type_tests.py"


def test_only_the_conversion_outside_a_type_tested_branch_is_flagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([CASE])] == ["CL111:27"]


def test_dynamo_breaks_only_there(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [27]


FORWARD = """\
    import math
    import torch
    from torch import nn

    class Decompose(nn.Module):
        def forward(self, x, t):
            a = {expression}
            return x * a + t
"""


def _found(tmp_path, expression):
    text = textwrap.dedent(FORWARD).replace("{expression}", expression)
    return [(f.start.row, f.code) for f in lint_text(tmp_path, text)]


def test_the_branch_the_test_rules_out_for_a_tensor_is_unflagged(tmp_path):
    assert _found(tmp_path, "t.sin() if isinstance(t, torch.Tensor) else math.sin(float(t))") == []
    assert _found(tmp_path, "math.sin(float(t)) if not torch.is_tensor(t) else t.sin()") == []
    assert _found(tmp_path, "math.sin(float(t)) if isinstance(t, (int, float)) else t.sin()") == []


def test_the_branch_where_it_may_be_a_tensor_is_still_flagged(tmp_path):
    assert _found(tmp_path, "math.sin(float(t)) if isinstance(t, torch.Tensor) else t") == [(7, "CL111")]
    assert _found(tmp_path, "t if torch.is_tensor(t) else float(t) + float(x)") == [(7, "CL111")]


def test_the_name_is_as_before_after_the_expression(tmp_path):
    assert _found(tmp_path, "(t.sin() if torch.is_tensor(t) else 1.0) + float(t)") == [(7, "CL111")]
