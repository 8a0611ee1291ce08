"""CL124 on sizes passed by keyword (`torch.narrow(t, dim=d, start=0, length=n)`, `torch.zeros(size=(n, 2))`,
`x.topk(k=n)`): dynamo breaks on them as on positional sizes. Proven under dynamo in
tests/dynamo_cases/keyword_sizes.py (torch_gauge's SphericalTensor.invariant, missed in held-out 33)."""

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

SIZES = REPO / "tests" / "dynamo_cases" / "keyword_sizes.py"


def test_keyword_sizes_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([SIZES]))
    assert found == sorted(expected_lines(SIZES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[SIZES.resolve()], SIZES)
