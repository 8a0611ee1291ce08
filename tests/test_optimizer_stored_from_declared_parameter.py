"""An optimizer a method is handed with a declared class and stores on `self` is known by that class: its `step()`
in compiled code is flagged (CL159). Proven under dynamo in tests/dynamo_cases/optimizer_stored_from_declared_parameter.py
(PyTorch-BigGraph's `Trainer`, missed in held-out 86)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "optimizer_stored_from_declared_parameter.py"


def test_the_stored_optimizer_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_parameter_bound_again_before_it_is_stored_is_not_known(tmp_path):
    found = lint_text(tmp_path, """import torch
from torch.optim import Optimizer


class Trainer:
    def __init__(self, optimizer: Optimizer, wrap):
        optimizer = wrap(optimizer)
        self.optimizer = optimizer

    @torch.compile
    def step(self, loss):
        self.optimizer.step()
        return loss
""", codes=["CL159"])
    assert found == []


def test_a_scheduler_declared_by_class_is_known_too(tmp_path):
    found = lint_text(tmp_path, """import torch
from torch.optim.lr_scheduler import LRScheduler


class Trainer:
    def __init__(self, scheduler: LRScheduler):
        self.scheduler = scheduler

    @torch.compile
    def step(self, loss):
        self.scheduler.step()
        return loss
""", codes=["CL159"])
    assert [(f.start.row, f.code) for f in found] == [(11, "CL159")]
