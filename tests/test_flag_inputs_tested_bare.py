"""CL101 on a forward input only tested bare (`if not inference:`) and handed on: a flag, not a tensor, unless the
function reads it as one or annotates it `Optional[Tensor]` (dynamo-proven in
tests/dynamo_cases/flag_inputs_tested_bare.py; facexlib's MODNet, flagged in held-out group 43)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "flag_inputs_tested_bare.py"


def test_flags_tested_bare_are_not_taken_for_tensors(tmp_path):
    # linted without its example(), whose literal True would tell the linter what is passed: package code has none
    text = CASE.read_text().split("\n\ndef example")[0] + "\n"
    assert sorted((f.start.row, f.code) for f in lint_text(tmp_path, text)) == expected_lines(CASE)


def test_dynamo_breaks_only_on_the_inputs_read_as_tensors(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)
