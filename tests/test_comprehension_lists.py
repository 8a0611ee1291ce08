"""A list built by a comprehension holds what its element expression gives (its loop names bound as the
comprehension binds them), and a list of tensors indexed at a position held by a plain value (a `range` counter)
gives a tensor. Proven under dynamo in tests/dynamo_cases/comprehension_lists.py (roma's `foo = angles[idx]` of
`angles = [torch.empty(N, ...) for _ in range(3)]`, then `foo[foo < -pi] += 2 * pi`, missed in held-out 22)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "comprehension_lists.py"


def test_breaks_through_comprehension_lists_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


@pytest.mark.parametrize("built, read", [
    ("[torch.zeros(3) for _ in range(2)]", "parts[0]"),
    ("[x[:, i] for i in range(2)]", "parts[-1]"),
    ("[torch.zeros(3) for _ in range(2)]", "parts[i]"),
])
def test_a_comprehension_of_tensors_holds_tensors(tmp_path, built, read):
    body = f"""
    def forward(self, x):
        parts = {built}
        for i in range(2):
            first = {read}
            x = x + first[first > 0].sum()
        return x
    """
    assert class_body_codes(tmp_path, body) == ["CL122"]


@pytest.mark.parametrize("built, read", [
    ("[x.shape[i] for i in range(2)]", "parts[0]"),  # sizes
    ("[x * 2 for x in self.sizes]", "parts[0]"),  # the loop name, not the outer tensor of that spelling
    ("[torch.zeros(3) for _ in range(2)]", "parts[self.pick]"),  # a position of unknown kind
])
def test_other_comprehensions_say_nothing_of_their_elements(tmp_path, built, read):
    body = f"""
    def forward(self, x):
        parts = {built}
        for i in range(2):
            first = {read}
            x = x + first[first > 0].sum()
        return x
    """
    assert class_body_codes(tmp_path, body) == []
