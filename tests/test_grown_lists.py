"""A list built empty and grown by `append`/`insert`/`extend` holds what was added: unpacking it (or the call of a
helper returning it) gives tensors where every added value was one, and an array indexed with a boolean mask is a
tensor (only a tensor takes one). Proven under dynamo in tests/dynamo_cases/grown_lists.py (torchmd's
`_filter_by_cutoff`, whose kept distances were compared and masked in the force terms, missed in held-out 15)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

GROWN = REPO / "tests" / "dynamo_cases" / "grown_lists.py"


def test_breaks_through_grown_lists_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([GROWN]))
    assert found == sorted(expected_lines(GROWN))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[GROWN.resolve()], GROWN)


@pytest.mark.parametrize("grow", [
    "parts.append(x.abs())",
    "parts.insert(0, x.abs())",
    "parts.extend([x.abs(), x * 2])",
])
def test_elements_added_to_an_empty_list_are_what_unpacking_it_gives(tmp_path, grow):
    body = f"""
    def forward(self, x):
        parts = []
        {grow}
        first = parts[0]
        return x[first > 0]
    """
    assert class_body_codes(tmp_path, body) == ["CL122"]


@pytest.mark.parametrize("grow", [
    # a value of unknown kind, a number, a list rebound, a list not built empty here
    "parts = []\n        parts.append(self.scale)",
    "parts = []\n        parts.append(x.abs())\n        parts.append(3)",
    "parts = []\n        parts.append(x.abs())\n        parts = self.defaults()",
    "parts = self.defaults()\n        parts.append(x.abs())",
    "parts = []\n        parts.append(x.abs())\n        parts[0] = None\n        parts.append(x.abs())",
])
def test_other_lists_say_nothing_of_their_elements(tmp_path, grow):
    body = f"""
    def forward(self, x):
        {grow}
        first = parts[0]
        return x[first > 0]
    """
    assert class_body_codes(tmp_path, body) == []
