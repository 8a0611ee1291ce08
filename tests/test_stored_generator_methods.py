"""CL134 on a method of a `torch.Generator` the module keeps (`self.rng.manual_seed(s)` with `self.rng =
torch.Generator()` in `__init__`): GB7650 on 2.13 (tests/dynamo_cases/stored_generator_methods.py); the same call on a
project object another class keeps under that attribute name is not flagged."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "stored_generator_methods.py"


def test_stored_generator_methods_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)
