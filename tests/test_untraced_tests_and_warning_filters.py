"""CL159 on `torch.is_nonzero` / `Tensor.is_nonzero` / `torch.is_same_size` (GB0208: a Python bool from a torch
function dynamo does not trace) and CL131 on the warnings filters (`simplefilter`, `filterwarnings`, `resetwarnings`:
GB0007), while `warnings.catch_warnings()` alone compiles (tests/dynamo_cases/untraced_tests_and_warning_filters.py;
b24_timm_is_nonzero_enable_buffer, b24_timm_catch_warnings_interpolate)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "untraced_tests_and_warning_filters.py"


def test_untraced_tests_and_filters_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_filter_set_at_import_time_and_a_project_method_named_is_nonzero_are_not_flagged(tmp_path):
    text = """import warnings

import torch
from torch import nn

warnings.filterwarnings("ignore", category=UserWarning)


class Gate:
    def is_nonzero(self):
        return True


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = Gate()

    def forward(self, x):
        return x * 2 if self.gate.is_nonzero() else x
"""
    assert [f for f in lint_text(tmp_path, text) if f.code in ("CL131", "CL159")] == []
