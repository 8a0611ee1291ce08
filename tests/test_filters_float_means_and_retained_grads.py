"""CL101 on `filter` over tensors with a tensor predicate, CL111 on `statistics.fmean` of tensors, CL146 on
`retain_grad()` (tests/dynamo_cases/filters_float_means_and_retained_grads.py; b25_hf_filter_nonempty_hidden_states,
b25_hf_layer_stats_statistics_mean, b25_hf_saliency_embeds_retain_grad), and CL137's numeric `%` conversion
(GB0088: b25_diff_training_step_percent_format_loss)."""

from __future__ import annotations

from tests.helpers import (REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text,
                           predicted_ids)

CASES = REPO / "tests" / "dynamo_cases" / "filters_float_means_and_retained_grads.py"


def test_filters_means_and_retained_grads_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_filter_over_values_that_are_not_tensors_is_not_flagged(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, names: list):
        kept = list(filter(lambda n: n.startswith("a"), names))
        blocks = list(filter(lambda m: m.training, self.children()))
        sizes = list(filter(lambda s: s > 1, x.shape))
        return x * len(kept) * len(blocks) * len(sizes)
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL101"] == []


def test_fmean_needs_the_statistics_function(tmp_path):
    text = """import torch
from torch import nn


def fmean(values):
    return torch.stack(values).mean()


class M(nn.Module):
    def forward(self, x):
        norms = [x.norm(), (x + 1).norm()]
        return x * fmean(norms)
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL111"] == []


def test_retain_grad_of_a_parameter_is_left_alone(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(3))

    def forward(self, x):
        self.w.retain_grad()
        return x * self.w
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL146"] == []


def test_a_numeric_percent_conversion_predicts_the_frame_given_up(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        loss = x.mean()
        self.text = "loss %.4f" % loss
        return loss
"""
    found = [f for f in lint_text(tmp_path, text) if f.code == "CL137"]
    assert [f.start.row for f in found] == [8]
    assert "GB0088" in predicted_ids("CL137")
