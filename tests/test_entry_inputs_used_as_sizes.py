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


def test_an_input_passed_as_a_size_through_int_arithmetic_is_an_int(tmp_path):
    text = """\
        import torch

        def schedule(n_steps, t_1):
            return torch.linspace(1 - t_1, 1e-4, n_steps - 1)

        def padded(x, rows):
            return torch.zeros(2 * rows + 1, x.shape[-1]) + x.sum()

        compiled = torch.compile(schedule), torch.compile(padded)
    """
    assert lint_text(tmp_path, textwrap.dedent(text), codes=["CL124"]) == []


def test_a_size_computed_by_a_tensor_method_stays_flagged(tmp_path):
    text = """\
        import torch

        def positions(x, lengths):
            return torch.arange(lengths.max() + 1) + x.sum()

        compiled = torch.compile(positions)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text), codes=["CL124"])] == [(4, "CL124")]
