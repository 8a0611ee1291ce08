"""A parameter its own function passes as sizes is a tensor only where every call passes one it computes, not an
input of the caller's forward handed on (dynamo-proven unbroken in tests/dynamo_cases/size_parameters_handed_on.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "size_parameters_handed_on.py"


def test_sizes_handed_on_from_a_callers_inputs_are_not_flagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([CASE])] == []


def test_they_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []


def test_a_size_parameter_a_compiled_call_passes_a_computed_tensor_stays_a_tensor(tmp_path):
    text = """\
        import torch
        from torch import nn

        class Attn(nn.Module):
            def forward(self, q, hw):
                H, W = hw
                if H > 2:
                    q = q * 2
                return q.view(H, W, -1)

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.attn = Attn()

            def forward(self, x):
                return self.attn(x, x[0, :2].long())
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(7, "CL101")]
