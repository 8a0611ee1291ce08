"""The executable catalogue: every rule's examples are its tests and its docs."""

from __future__ import annotations

import ast
import re

import pytest

from compilelint.catalogue import SECTIONS, load_catalogue
from compilelint.linter import torch_version
from compilelint.config import Config
from compilelint.registry import all_checks, all_rules
from tests.helpers import RULES, every_rule_but_advice, expected_lines, lint_paths

SPECS = sorted(load_catalogue().values(), key=lambda s: s.code)
IDS = [s.code for s in SPECS]
# What a bad example must show under dynamo, by tag; graph breaks otherwise.
PROOF_TAGS = ("recompile", "recompile-call-site", "compile-call-site", "recompile-storm", "static-only", "advice")
RECOMPILE_SPECS = [s for s in SPECS if "recompile" in s.tags]
# flagged where the value changes (a call site, a mode switch), guarded inside the compiled code
RECOMPILE_CALL_SITE_SPECS = [s for s in SPECS if "recompile-call-site" in s.tags]
# "semantic": code that compiles without a break but computes something else than eager (proven by outputs)
SEMANTIC_SPECS = [s for s in SPECS if "semantic" in s.tags]
CALL_SITE_SPECS = [s for s in SPECS if "compile-call-site" in s.tags]
STORM_SPECS = [s for s in SPECS if "recompile-storm" in s.tags]
STATIC_SPECS = [s for s in SPECS if "static-only" in s.tags]
# advice on code that works (CL305, CL306): the bad example is already break-free, the good one is the advice
ADVICE_SPECS = [s for s in SPECS if "advice" in s.tags]
BREAK_SPECS = [s for s in SPECS if not set(PROOF_TAGS + ("semantic",)) & set(s.tags)]
DEFAULT_RECOMPILE_LIMIT = 8


def test_catalogue_and_checks_are_one_to_one():
    assert set(load_catalogue()) == set(all_checks())
    assert all_rules()  # raises if either side has an orphan


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_rule_folder_is_complete(spec):
    assert spec.folder.name == f"{spec.code}-{spec.name}"
    assert re.fullmatch(r"CL[1-8]\d\d", spec.code)
    headings = re.findall(r"^## (.+)$", spec.doc, re.M)
    assert headings == list(SECTIONS), f"{spec.folder}/rule.md sections must be, in order: {SECTIONS}"
    assert spec.fix in ("always", "sometimes", "never")
    assert spec.status in ("preview", "stable", "deprecated")
    for name in ("bad.py", "good.py"):
        tree = ast.parse((spec.folder / name).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.FunctionDef) and n.name == "example" for n in tree.body), f"{name} needs example()"
    assert expected_lines(spec.folder / "bad.py"), "bad.py needs `# expect:` markers"
    assert (spec.folder / "fixed.py").exists() == (spec.fix != "never")


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_linter_reports_exactly_the_expected_lines(spec):
    bad = spec.folder / "bad.py"
    codes = every_rule_but_advice() + (["CL305", "CL306"] if "advice" in spec.tags else [])
    found = sorted((f.start.row, f.code) for f in lint_paths([bad], codes))
    assert found == sorted(expected_lines(bad))
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([spec.folder / "good.py"], codes)] == []


@pytest.fixture(scope="module")
def dynamo_results(examples_under_dynamo):
    return examples_under_dynamo


@pytest.mark.parametrize("spec", BREAK_SPECS, ids=[s.code for s in BREAK_SPECS])
def test_bad_example_breaks_where_expected_with_a_predicted_gb_id(spec, dynamo_results):
    result = dynamo_results[(spec.folder / "bad.py").resolve()]
    assert result["ok"], result.get("traceback")
    version = torch_version(Config(root=RULES))
    predicted = {i for pattern in spec.predicts for i in spec.gb_ids(pattern, version)}
    breaks = {}
    for b in result["breaks"]:
        breaks.setdefault(b["row"], set()).update(b["gb_ids"][:1])
    for row, code in expected_lines(spec.folder / "bad.py"):
        if code != spec.code:
            continue
        assert row in breaks, f"dynamo did not break on line {row}; breaks: {sorted(breaks.items())}"
        if predicted:
            assert breaks[row] & predicted, f"line {row}: dynamo said {breaks[row]}, rule predicts {predicted}"


@pytest.mark.parametrize("spec", RECOMPILE_SPECS, ids=[s.code for s in RECOMPILE_SPECS])
def test_bad_example_recompiles_on_a_guard_from_each_expected_line(spec, dynamo_results):
    bad = (spec.folder / "bad.py").resolve()
    result = dynamo_results[bad]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == [], "a recompilation rule's example must recompile, not break"
    guard_rows = {row for r in result["recompiles"] for f, row in r["locations"] if f == str(bad)}
    for row, code in expected_lines(bad):
        if code == spec.code:
            failed = [r["failed_guards"] for r in result["recompiles"]]
            assert row in guard_rows, f"no failing guard from line {row}; recompiles: {failed}"


@pytest.mark.parametrize("spec", RECOMPILE_CALL_SITE_SPECS, ids=[s.code for s in RECOMPILE_CALL_SITE_SPECS])
def test_call_site_bad_example_recompiles_without_a_break(spec, dynamo_results):
    """The failing guard lies in the compiled code; the flagged line is where its value changes."""
    result = dynamo_results[(spec.folder / "bad.py").resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["recompiles"], "the flagged change must make dynamo recompile"


@pytest.mark.parametrize("spec", CALL_SITE_SPECS, ids=[s.code for s in CALL_SITE_SPECS])
def test_call_site_bad_example_compiles_nothing_and_good_compiles(spec, dynamo_results):
    bad, good = (dynamo_results[(spec.folder / n).resolve()] for n in ("bad.py", "good.py"))
    assert bad["ok"], bad.get("traceback")
    assert bad["breaks"] == []
    assert bad["graphs"] == 0, "the flagged call site must leave the model uncompiled"
    assert good["graphs"] >= 1


@pytest.mark.parametrize("spec", STORM_SPECS, ids=[s.code for s in STORM_SPECS])
def test_storm_example_recompiles_past_the_default_limit(spec, dynamo_results):
    bad = dynamo_results[(spec.folder / "bad.py").resolve()]
    assert bad["ok"], bad.get("traceback")
    assert len(bad["recompiles"]) > DEFAULT_RECOMPILE_LIMIT


@pytest.mark.parametrize("spec", STATIC_SPECS, ids=[s.code for s in STATIC_SPECS])
def test_static_only_bad_example_runs_compiled_without_a_break(spec, dynamo_results):
    """Not provable by dynamo (rule.md says why); the flagged lines are at least shown not to be breaks."""
    bad = dynamo_results[(spec.folder / "bad.py").resolve()]
    assert bad["ok"], bad.get("traceback")
    assert bad["breaks"] == [] and bad["graphs"] >= 1


@pytest.mark.parametrize("spec", SPECS, ids=IDS)
def test_good_example_compiles_without_breaks(spec, dynamo_results):
    result = dynamo_results[(spec.folder / "good.py").resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] >= 1
    assert [r["failed_guards"] for r in result["recompiles"]] == []
    if "semantic" in spec.tags:
        assert result["matches_eager"] is True


@pytest.mark.parametrize("spec", SEMANTIC_SPECS, ids=[s.code for s in SEMANTIC_SPECS])
def test_bad_example_compiles_but_differs_from_eager(spec, dynamo_results):
    result = dynamo_results[(spec.folder / "bad.py").resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == [], "a semantic rule's example must compile without a break"
    assert result["matches_eager"] is False, "compiled outputs equal eager ones: nothing to warn about"


@pytest.mark.parametrize("spec", ADVICE_SPECS, ids=[s.code for s in ADVICE_SPECS])
def test_advice_bad_example_compiles_without_a_break_or_recompile(spec, dynamo_results):
    bad = dynamo_results[(spec.folder / "bad.py").resolve()]
    assert bad["ok"], bad.get("traceback")
    assert bad["breaks"] == [] and bad["graphs"] >= 1 and bad["recompiles"] == []
