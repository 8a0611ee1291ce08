"""A value the function checks to be of dtype `torch.bool` before going on is a boolean mask after the check
(CL122 reads through it), and inside the branch a dtype test selects (`if m.dtype == torch.bool: return x[m]`). Proven under dynamo in tests/dynamo_cases/dtype_guarded_masks.py (curated-transformers'
`self.key[mask]` after `if mask.dtype != torch.bool: raise ValueError(...)`, missed in held-out group 45)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

GUARDS = REPO / "tests" / "dynamo_cases" / "dtype_guarded_masks.py"


def test_masks_checked_by_dtype_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([GUARDS]))
    assert found == sorted(expected_lines(GUARDS))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[GUARDS.resolve()], GUARDS)


def _codes(tmp_path, body: str) -> list:
    text = "import torch\n\n\n@torch.compile\ndef f(x, m):\n" + body + "    return x[m]\n"
    return [f.code for f in lint_text(tmp_path, text, codes=["CL122"])]


@pytest.mark.parametrize("body", [
    "    if m.dtype != torch.bool:\n        raise TypeError(m.dtype)\n",
    "    if not m.dtype == torch.bool:\n        raise TypeError(m.dtype)\n",
    "    if m.dtype is not torch.bool:\n        return x\n",
    "    assert m.dtype == torch.bool\n",
    "    assert m.dtype == bool, 'a mask'\n",
])
def test_a_dtype_check_that_exits_otherwise_makes_a_mask(tmp_path, body):
    assert _codes(tmp_path, body) == ["CL122"]


@pytest.mark.parametrize("body", [
    "",
    "    if m.dtype != torch.bool:\n        x = x * 2\n",  # no exit: whatever m is goes on
    "    if m.dtype == torch.bool:\n        raise TypeError(m.dtype)\n",  # an index tensor after it
    "    if m.dtype != torch.long:\n        raise TypeError(m.dtype)\n",
    "    assert m.dtype != torch.bool\n",
    "    if x.dim() > 1:\n        assert m.dtype == torch.bool\n",  # checked in a branch only
    "    assert m.dtype == torch.bool\n    m = m.nonzero()\n",  # rebound
])
def test_no_mask_without_a_guarding_dtype_check(tmp_path, body):
    assert _codes(tmp_path, body) == []


def _branch_codes(tmp_path, body: str) -> list:
    text = "import torch\n\n\n@torch.compile\ndef f(x, m):\n" + body + "    return x\n"
    return [(f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL122"])]


@pytest.mark.parametrize("body, rows", [
    ("    if m.dtype == torch.bool:\n        return x[m]\n", [7]),
    ("    if m.dtype is torch.bool: return x[m]\n", [6]),
    ("    if m.dtype != torch.bool:\n        x = x[m]\n    else:\n        x = x[m]\n", [9]),
    ("    if not m.dtype == torch.bool:\n        x = x[m]\n    else:\n        x = x[m]\n", [9]),
    ("    if m.dtype == torch.bool:\n        x = x * 2\n    x = x[m]\n", []),  # after the branch
    ("    if m.dtype == torch.bool:\n        x = x * 2\n    else:\n        x = x[m]\n", []),  # the other side
    ("    if m.dtype == torch.bool:\n        m = m.nonzero()\n        x = x[m]\n", []),  # rebound
    ("    if m.dtype == torch.long:\n        x = x[m]\n", []),
])
def test_a_dtype_test_makes_a_mask_in_its_branch_only(tmp_path, body, rows):
    assert _branch_codes(tmp_path, body) == [(row, "CL122") for row in rows]
