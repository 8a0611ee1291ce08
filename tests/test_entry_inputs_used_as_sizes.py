"""An entry point's input that its body passes as a size is an int, not an assumed tensor (dynamo-proven unbroken
in tests/dynamo_cases/entry_inputs_used_as_sizes.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "entry_inputs_used_as_sizes.py"


def test_inputs_passed_as_sizes_are_not_flagged_where_converted():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([CASE])] == []


def test_they_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []


def test_an_input_never_passed_as_a_size_stays_an_assumed_tensor(tmp_path):
    text = """\
        import torch
        from torch import nn

        class Scale(nn.Module):
            def forward(self, x, scale, rows):
                return x.reshape(rows, -1) * float(scale)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(6, "CL111")]


def test_an_input_read_as_a_whole_too_stays_an_assumed_tensor(tmp_path):
    text = """\
        import torch

        def starts(ptr, counts):
            nodes = counts[0]
            return torch.zeros(nodes) + counts.sum()

        compiled = torch.compile(starts)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(5, "CL124")]
