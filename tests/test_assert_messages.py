"""A tensor `assert` whose implicitly concatenated message holds an f-string with fields breaks (CL101, GB0170); one
made of plain strings only is a constant and compiles. A message's own calls (`.item()`) are never traced: the
message runs only when the test fails. Proven under dynamo in tests/dynamo_cases/assert_messages.py
(torch-gauge's IELin, missed in held-out 33)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "assert_messages.py"


def test_asserts_with_concatenated_computed_messages_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)
