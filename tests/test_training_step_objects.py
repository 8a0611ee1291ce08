"""CL159 on the training step's torch objects (grad scaler, optimizer, LR scheduler) called in compiled code: dynamo
skips them (GB0008, an optimizer's step GB0007), proven in tests/dynamo_cases/training_step_objects.py (modulaic's
`GANTrainer` steps, missed in held-out group 59)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "training_step_objects.py"


def test_the_objects_methods_are_flagged_where_called():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == expected_lines(CASE)


def test_dynamo_breaks_exactly_there(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def test_objects_of_unknown_or_mixed_class_are_not_flagged(tmp_path):
    text = """\
        import torch
        from torch import nn
        from torch.cuda.amp import GradScaler

        class Step(nn.Module):
            def __init__(self, optimizer, use_scaler):
                super().__init__()
                self.model = nn.Linear(4, 4)
                self.optimizer = optimizer
                self.scaler = GradScaler() if use_scaler else None
                self.other = torch.optim.SGD(self.model.parameters(), lr=0.1)
                self.sched = torch.optim.lr_scheduler.StepLR(self.other, 2)

            def set_other(self, other):
                self.other = other

            def forward(self, x, opt):
                self.optimizer.zero_grad()
                opt.step()
                self.other.step()
                self.sched.zero_grad()
                self.model.zero_grad()
                scaler = GradScaler()
                return scaler.scale(self.model(x))
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(24, "CL159")]
