"""CL159 on an optimizer made in compiled code: dynamo does not trace `Optimizer.__init__` (GB0467 the first time its
class is made in the process, GB0008 after), proven in tests/dynamo_cases/optimizer_made_in_compiled_code.py (easyfsl's
TIM and Finetune, missed in held-out group 85)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "optimizer_made_in_compiled_code.py"


def test_an_optimizer_made_in_compiled_code_is_flagged():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == expected_lines(CASE)


def test_dynamo_breaks_exactly_there(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def test_optimizers_made_outside_compiled_code_or_lbfgs_are_not_flagged(tmp_path):
    text = """\
        import torch
        from torch import nn, optim


        def make(params):
            return torch.optim.Adam(params, lr=1e-3)


        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.w = nn.Parameter(torch.randn(3))
                self.opt = optim.SGD([self.w], lr=0.1)

            def forward(self, x):
                closure_opt = torch.optim.LBFGS([self.w])
                return x * self.w


        class Tuned(nn.Module):
            def forward(self, x):
                opt = optim.RMSprop([x], lr=0.1)
                return x
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(22, "CL159")]
