"""A project function whose every return is `.bool()` of a tensor returns a boolean mask (CL122 reads through it in
its callers), and repeating a mask's elements (`repeat_interleave`, method or function) keeps it one. Proven under
dynamo in tests/dynamo_cases/returned_bool_masks.py (adversarial batch 19: a hierarchical ViT's random keep mask
over mask units, `torch.gather(...).bool()`, spread to its tokens)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

MASKS = REPO / "tests" / "dynamo_cases" / "returned_bool_masks.py"


def test_returned_masks_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([MASKS]))
    assert found == sorted(expected_lines(MASKS))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[MASKS.resolve()], MASKS)


def _codes(tmp_path, helper: str, use: str) -> list:
    text = ("import torch\n\n\ndef h(x):\n" + helper + "\n\n@torch.compile\ndef f(x):\n    m = h(x)\n"
            + use + "    return x\n")
    return [f.code for f in lint_text(tmp_path, text, codes=["CL122"])]


@pytest.mark.parametrize("helper, use", [
    ("    return (x * 2).bool()\n", "    x = x[m]\n"),
    ("    return torch.rand(x.shape).bool()\n", "    x = x[m.repeat_interleave(2, dim=0)]\n"),
    ("    return torch.rand(x.shape).bool()\n", "    x = x[torch.repeat_interleave(m, 2, dim=0)]\n"),
    ("    if x.dim() > 1:\n        return x[0].bool()\n    return x.bool()\n", "    x = x[m]\n"),
])
def test_a_helper_returning_bool_of_a_tensor_returns_a_mask(tmp_path, helper, use):
    assert _codes(tmp_path, helper, use) == ["CL122"]


@pytest.mark.parametrize("helper, use", [
    ("    return (x > 0).float()\n", "    x = x[m.long()]\n"),  # weights, then positions
    ("    return x.long()\n", "    x = x[m.repeat_interleave(2)]\n"),  # positions repeated
    ("    if x.dim() > 1:\n        return x.long()\n    return x.bool()\n", "    x = x[m]\n"),  # not every return
    ("    return x.bool()\n", "    x = x[m.sum()]\n"),  # a count, not the mask
])
def test_no_mask_where_a_return_or_the_use_is_not_one(tmp_path, helper, use):
    assert _codes(tmp_path, helper, use) == []
