"""CL124 on `multinomial`'s `num_samples`: a tensor count breaks (GB0033), a Python one compiles
(tests/dynamo_cases/multinomial_num_samples.py, b22_pyg_neighbor_sample_min_degree); numpy's `Generator.multinomial`
on a value not known to be a tensor is not flagged."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "multinomial_num_samples.py"


def test_tensor_sample_counts_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_numpy_generator_multinomial_is_not_flagged(tmp_path):
    text = """import numpy as np
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.rng = np.random.default_rng(0)

    def sample(self, counts):
        return self.rng.multinomial(counts.sum(), [0.5, 0.5])

    def forward(self, x):
        return x
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL124"] == []
