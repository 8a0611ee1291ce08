"""Where the harness places a break dynamo reports from a resume function (compilelint/verify/harness.py): on the
line that broke, past a method chain spread over lines (tests/dynamo_cases/resume_lines.py)."""

from __future__ import annotations

from tests.helpers import REPO, expected_lines

RESUME_LINES = REPO / "tests" / "dynamo_cases" / "resume_lines.py"


def test_a_break_after_a_break_is_placed_on_its_own_line(examples_under_dynamo):
    result = examples_under_dynamo[RESUME_LINES.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted(b["row"] for b in result["breaks"]) == sorted(row for row, _ in expected_lines(RESUME_LINES))
