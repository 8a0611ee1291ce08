"""SARIF 2.1.0, as GitHub code scanning loads it: rules with their docs, results with fixes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List

from compilelint import __version__
from compilelint.findings import Finding

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def _region(start, end) -> dict:
    return {"startLine": start.row, "startColumn": start.column,
            "endLine": max(end.row, start.row), "endColumn": max(end.column, 1)}


def _uri(path: str) -> str:
    return Path(path).as_posix()


def render_sarif(findings: List[Finding], sources: Dict, rules: Dict[str, dict], **_) -> str:
    """`rules`: code -> {name, summary, doc, url, tags, gb_types} for every rule that was enabled."""
    rule_ids = sorted(rules)
    driver_rules = []
    for code in rule_ids:
        doc = rules[code]
        driver_rules.append({
            "id": code,
            "name": doc["name"],
            "shortDescription": {"text": doc["summary"]},
            "fullDescription": {"text": doc["summary"]},
            "help": {"text": doc["doc"], "markdown": doc["doc"]},
            "helpUri": doc["url"],
            "properties": {"tags": doc["tags"], "gb_types": doc["gb_types"]},
        })
    index = {code: i for i, code in enumerate(rule_ids)}
    results = []
    for f in findings:
        result = {
            "ruleId": f.code,
            "level": LEVELS[f.severity.value],
            "message": {"text": f.message + (f" ({f.help})" if f.help else "")},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": _uri(f.path)},
                "region": _region(f.start, f.end),
            }}],
            "properties": {"gb_types": list(f.gb_types), "amplifiers": list(f.amplifiers)},
        }
        if f.amplifiers:  # the whole frame falls back to eager: rank above an ordinary break
            result["rank"] = 100.0
        if f.code in index:
            result["ruleIndex"] = index[f.code]
        if f.fix is not None and f.fix.edits:
            result["fixes"] = [{
                "description": {"text": f"{f.fix.message} ({f.fix.applicability.value})"},
                "artifactChanges": [{
                    "artifactLocation": {"uri": _uri(f.path)},
                    "replacements": [{"deletedRegion": _region(e.start, e.end), "insertedContent": {"text": e.content}}
                                     for e in f.fix.edits],
                }],
            }]
        results.append(result)
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "compilelint",
                "version": __version__,
                "informationUri": "https://github.com/compilelint/compilelint",
                "rules": driver_rules,
            }},
            "results": results,
        }],
    }
    return json.dumps(log, indent=2) + "\n"
