"""linter.compiled_reach takes the calls of compiled functions as the region solve resolved them (regions.callees)
instead of resolving them again: the same set as resolving each call record anew, through objects, registries,
method names and templated names too."""

from __future__ import annotations

from compilelint.config import Config
from compilelint.linter import compiled_reach, lint
from compilelint.regions import ProjectRegions
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import REPO

CASES = REPO / "tests" / "dynamo_cases"


def test_the_reach_of_compiled_code_reuses_the_solve_and_equals_resolving_every_call_again():
    files = sorted(CASES.glob("reach_*.py")) + sorted((CASES / "reach_helpers").glob("*.py")) \
        + sorted((REPO / "fixtures" / "projects" / "zoo" / "zoo").glob("*.py"))
    run = lint(files, Config(root=REPO), list(all_rules()), tool_codes_enabled(()))
    regions = ProjectRegions([r.facts for r in run.results.values() if r.error is None])
    again, pending = set(), list(set(regions.compiled) | regions.passed)
    while pending:
        path, function = pending.pop()
        fn = regions.files[path].functions[function]
        for key in (k for record in fn.calls for k in regions.resolve_call(path, fn, record)):
            if key not in again and key[1] in regions.files[key[0]].functions:
                again.add(key)
                pending.append(key)
    assert set(regions.callees) == set(regions.compiled) | regions.passed
    assert compiled_reach(regions) == again and len(again) > 10
