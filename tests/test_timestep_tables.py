"""CL114 on tensor tables indexed by an element of a 1-d tensor (`t = self.timesteps[step]`, `for t in ts`), a 0-d
tensor made in the graph: GB0033 on the indexing line. A row of a 2-d index tensor, a slice of the timesteps, a
gather and a 0-d tensor input compile. Proven under dynamo in tests/dynamo_cases/timestep_tables.py (refiners'
solvers and tiny_diff's scheduler, missed in held-out groups 42 and 35)."""

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

TABLES = REPO / "tests" / "dynamo_cases" / "timestep_tables.py"


def test_tables_indexed_by_timesteps_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([TABLES]))
    assert found == sorted(expected_lines(TABLES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[TABLES.resolve()], TABLES)
