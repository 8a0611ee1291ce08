"""`~t` of a tensor in an index reads through a boolean mask (CL122). Proven under dynamo in
tests/dynamo_cases/inverted_masks.py (torchani's `coordinates[:, :, ~pbc]`, missed in held-out group 3)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

INVERTED = REPO / "tests" / "dynamo_cases" / "inverted_masks.py"


def test_inverted_tensors_read_through_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([INVERTED]))
    assert found == sorted(expected_lines(INVERTED))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[INVERTED.resolve()], INVERTED)


def _codes(tmp_path, signature: str, body: str) -> list:
    text = f"import torch\n\n\n@torch.compile\ndef f({signature}):\n{body}"
    return [f.code for f in lint_text(tmp_path, text, codes=["CL122"])]


@pytest.mark.parametrize("signature, body", [
    ("x, pbc: torch.Tensor", "    return x[:, ~pbc]\n"),
    ("x, m", "    return x[~m]\n"),
    ("x, lengths", "    keep = ~torch.isnan(x)\n    return x[keep]\n"),
    ("x, t: torch.Tensor", "    drop = ~t\n    return x[drop]\n"),
])
def test_the_inverse_of_a_tensor_in_an_index_is_a_mask(tmp_path, signature, body):
    assert _codes(tmp_path, signature, body) == ["CL122"]


@pytest.mark.parametrize("signature, body", [
    ("x, n: int", "    return x[~n]\n"),  # the n-th from the end
    ("x", "    for i in range(3):\n        x = x + x[~i]\n    return x\n"),
    ("x, m: torch.Tensor", "    x[~m] = 0\n    return x\n"),  # a write through a mask compiles
])
def test_no_mask_from_the_inverse_of_a_number(tmp_path, signature, body):
    assert _codes(tmp_path, signature, body) == []
