"""einops' rearrange, repeat and reduce of a tensor are tensors: a comparison with one is a boolean mask, and a read
through it is flagged (CL122). Proven under dynamo in tests/dynamo_cases/einops_kinds.py (NaViT's attention-pool
filter in frvit, missed in held-out group 60)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "einops_kinds.py"


def test_reads_through_masks_compared_with_einops_results_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _codes(tmp_path, body: str) -> list:
    text = ("import torch\nfrom einops import rearrange, reduce, repeat\n\n\n@torch.compile\n"
            f"def f(x, n, make):\n    t = torch.tensor([1, 2])\n{body}")
    return [f.code for f in lint_text(tmp_path, text, codes=["CL122"])]


@pytest.mark.parametrize("body", [
    "    return x[make(2) < rearrange(t, 'b -> b 1')]\n",
    "    m = reduce(t, 'b -> ', 'max') > make(2)\n    return x[m]\n",
    "    return x[make(2) == repeat(t.amax(), ' -> d', d=2)]\n",
])
def test_a_comparison_with_an_einops_result_of_a_tensor_is_a_mask(tmp_path, body):
    assert _codes(tmp_path, body) == ["CL122"]


@pytest.mark.parametrize("body", [
    "    return x[make(2) < rearrange([n, n], 'b -> b 1')]\n",  # a list in: what `n` is decides
    "    return x[rearrange(t, 'b -> b')]\n",  # an integer tensor rearranged indexes by position
    "    m = make(2) < rearrange(t, 'b -> b 1')\n    x[m] = 0\n    return x\n",  # a write through a mask compiles
])
def test_no_mask_read_otherwise(tmp_path, body):
    assert _codes(tmp_path, body) == []
