"""What a `torch.distributions` object kept on the module returns (`self.beta.sample()`) is a tensor of the graph:
proven under dynamo in tests/dynamo_cases/distribution_draws.py and b22_timm_cutmix_beta_sample_sqrt."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "distribution_draws.py"


def test_distribution_draws_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_an_attribute_not_always_a_distribution_is_no_draw(tmp_path):
    text = """import math

import torch
from torch import nn


class Schedule:
    def sample(self):
        return 0.25


class M(nn.Module):
    def __init__(self, learned: bool):
        super().__init__()
        self.lam = torch.distributions.Beta(torch.tensor(1.0), torch.tensor(1.0)) if learned else Schedule()
        self.fixed = Schedule()

    def forward(self, x):
        return x * math.sqrt(1.0 - self.lam.sample()) * math.sqrt(self.fixed.sample())
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
