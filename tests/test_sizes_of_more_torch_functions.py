"""CL124 on the sizes of `F.interpolate` (and `F.upsample*`), adaptive pools, `F.pad`, `broadcast_to`, `logspace`,
`randint`'s bounds, `tile`, `unflatten`, `empty_strided`, and `.view(size=)` / `.expand(size=)` / `.repeat(repeats=)`: one size table for the engine and
CL124 (compilelint/sizes.py). Proven under dynamo in tests/dynamo_cases/sizes_of_more_torch_functions.py,
sizes_of_pads_by_keyword.py and sizes_of_tiles_and_strides.py."""

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASES = [REPO / "tests" / "dynamo_cases" / name
         for name in ("sizes_of_more_torch_functions.py", "sizes_of_pads_by_keyword.py",
                      "sizes_of_tiles_and_strides.py")]


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_the_sizes_are_flagged_on_exactly_the_marked_lines(case):
    found = sorted((f.start.row, f.code) for f in lint_paths([case]))
    assert found == sorted(expected_lines(case))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo, case):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[case.resolve()], case)
