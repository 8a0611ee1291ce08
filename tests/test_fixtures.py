"""The bundled example models: the linter finds exactly the marked lines, and dynamo agrees."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, expected_lines, lint_paths, run_under_dynamo

MODELS = sorted((REPO / "fixtures" / "models").glob("*.py"))


@pytest.mark.parametrize("path", MODELS, ids=[p.name for p in MODELS])
def test_findings_match_the_markers(path):
    found = sorted((f.start.row, f.code) for f in lint_paths([path]))
    assert found == sorted(expected_lines(path))


@pytest.fixture(scope="module")
def dynamo_results(require_torch):
    return run_under_dynamo(MODELS, REPO / "fixtures")


@pytest.mark.parametrize("path", MODELS, ids=[p.name for p in MODELS])
def test_every_graph_break_is_found_and_every_finding_is_real(path, dynamo_results):
    result = dynamo_results[path.resolve()]
    assert result["ok"], result.get("traceback")
    expected = {row for row, _ in expected_lines(path)}
    broken = {b["row"] for b in result["breaks"] if b["filename"] == str(path.resolve())}
    traced = {row for f, row in result["traced_lines"] if f == str(path.resolve())}
    assert broken <= expected, f"dynamo broke on unmarked lines {sorted(broken - expected)}"
    # a marked line dynamo traced must have broken there (a branch not taken is never traced)
    assert (expected & traced) <= broken, f"traced without a break: {sorted((expected & traced) - broken)}"
