"""Setting `.requires_grad` on an item of a record parameter (`mel_target, gate_target = targets[0], targets[1]`, then
`mel_target.requires_grad = False`) always breaks where it runs (CL146, GB0206): data arrive as leaves, and on a
non-leaf the assignment raises eagerly. Proven under dynamo in tests/dynamo_cases/requires_grad_set_on_batch_item.py
(NVIDIA's Tacotron2Loss, missed in held-out 92)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "requires_grad_set_on_batch_item.py"


def test_the_batch_items_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _rows(tmp_path, text):
    return sorted(f.start.row for f in lint_text(tmp_path, text, codes=["CL146"]))


def test_an_item_by_position_or_key_and_an_unpacked_record_are_flagged(tmp_path):
    assert _rows(tmp_path, """
import torch


class Loss(torch.nn.Module):
    def forward(self, out, targets, batch):
        targets[1].requires_grad = False
        mel = batch["mel"]
        mel.requires_grad = True
        first, second = targets
        second.requires_grad = False
        return out + mel + first + second
""") == [7, 9, 11]


def test_a_name_rebound_after_the_item_or_only_read_is_quiet(tmp_path):
    assert _rows(tmp_path, """
import torch


class Loss(torch.nn.Module):
    def forward(self, out, targets):
        target = targets[0]
        if target.requires_grad:
            out = out * 2
        target = self.holder
        target.requires_grad = False
        return out
""") == []


def test_a_parameter_declared_a_tensor_is_no_record(tmp_path):
    assert _rows(tmp_path, """
import torch
from torch import Tensor


class Loss(torch.nn.Module):
    def forward(self, out, mels: Tensor):
        first = mels[0]
        first.requires_grad = False
        return out + first
""") == []


def test_the_method_form_on_a_positional_item_stays_quiet(tmp_path):
    # `requires_grad_()` on an activation that already requires grad is a no-op that compiles: a position is no field
    assert _rows(tmp_path, """
import torch


class Head(torch.nn.Module):
    def forward(self, hs):
        last = hs[-1]
        last.requires_grad_()
        return last * 2
""") == []
