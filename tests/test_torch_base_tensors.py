"""Tensors a torch.nn base class registers whatever its arguments (a BatchNorm's running statistics and counter, a
Linear's or a Conv's weight) are tensors in a subclass's methods. Proven under dynamo in
tests/dynamo_cases/torch_base_tensors.py and tests/adversarial/cases/b16_timm_bn_act_cumulative_momentum.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "torch_base_tensors.py"


def test_a_subclass_reading_its_torch_base_tensors_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_attributes_an_argument_can_make_none_and_other_bases_are_not_tensors(tmp_path):
    text = """import torch
from torch import nn


class Norm(nn.LayerNorm):
    def forward(self, x):
        return x * float(self.weight) + float(self.bias)


class Plain(nn.Module):
    def forward(self, x):
        return x * float(self.num_batches_tracked)
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL111"] == []
