"""`float(loss)` / `int(loss)` of a local bound once whose `.backward()` the function calls is flagged (CL111): a value
the function differentiates is a tensor. Proven under dynamo in tests/dynamo_cases/float_of_a_differentiated_loss.py
(PyTorch-BigGraph's batch step, missed in held-out 86)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "float_of_a_differentiated_loss.py"

STEP = """import torch


class Trainer:
    def __init__(self, loss_fn):
        self.loss_fn = loss_fn

    @torch.compile
    def step(self, model, x):
{body}
"""


def _rows(tmp_path, body):
    return [(f.start.row, f.code) for f in lint_text(tmp_path, STEP.format(body=body), codes=["CL111"])]


def test_the_loss_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_loss_bound_once_and_differentiated_is_a_tensor(tmp_path):
    assert _rows(tmp_path, "        loss = self.loss_fn(model(x))\n        n = int(loss)\n"
                           "        loss.backward()\n        return n") == [(11, "CL111")]


def test_a_name_bound_twice_or_never_differentiated_is_not_known(tmp_path):
    assert _rows(tmp_path, "        loss = self.loss_fn(model(x))\n        total = float(loss)\n"
                           "        loss = loss * 2\n        loss.backward()\n        return total") == []
    assert _rows(tmp_path, "        loss = self.loss_fn(model(x))\n        return float(loss)") == []
