"""CL124 on the sizes of `F.interpolate`, adaptive pools, `torch.broadcast_to`, `torch.logspace` and a `size=` keyword
of any torch function: the engine's size table named them, CL124's did not; one table serves both
(compilelint/sizes.py). Proven under dynamo in tests/dynamo_cases/sizes_of_more_torch_functions.py."""

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASE = REPO / "tests" / "dynamo_cases" / "sizes_of_more_torch_functions.py"


def test_the_sizes_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASE]))
    assert found == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)
