"""Draws of a `random.Random` instance the module keeps (`self.rng = random.Random(seed)`) are replayed draws, as the
module-level `random.randint` / `uniform` are: proven under dynamo in tests/dynamo_cases/random_instance_draws.py and
b20_timm_random_instance_erasing."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "random_instance_draws.py"


def test_instance_draws_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_an_attribute_not_always_a_random_instance_is_no_draw(tmp_path):
    text = """import random

import torch
from torch import nn


class Coin:
    def random(self):
        return 0.25


class M(nn.Module):
    def __init__(self, seeded: bool):
        super().__init__()
        self.rng = random.Random(0) if seeded else Coin()
        self.other = Coin()

    def reseed(self):
        self.other = Coin()

    def forward(self, x):
        if self.rng.random() > 0.5 or self.other.random() > 0.5:
            x = x * 2
        return x[:, :self.other.randint(1, 3)] if hasattr(self.other, "randint") else x
"""
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
