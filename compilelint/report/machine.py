"""Machine formats: Ruff-compatible JSON (plus gb_types, region, severity), JSON lines, GitHub annotations."""

from __future__ import annotations

import json
import os
from typing import Dict, List, Optional

from compilelint.findings import Finding, Fix, Location


def _loc(loc: Location) -> Dict[str, int]:
    return {"row": loc.row, "column": loc.column}


def fix_dict(fix: Optional[Fix]) -> Optional[dict]:
    if fix is None:
        return None
    return {
        "applicability": fix.applicability.value,
        "message": fix.message,
        "edits": [{"content": e.content, "location": _loc(e.start), "end_location": _loc(e.end)} for e in fix.edits],
    }


def finding_dict(f: Finding) -> dict:
    return {
        "code": f.code,
        "name": f.name,
        "message": f.message,
        "filename": os.path.abspath(f.path) if f.path != "-" else "-",
        "location": _loc(f.start),
        "end_location": _loc(f.end),
        "noqa_row": f.statement_row or f.start.row,
        "fix": fix_dict(f.fix),
        "url": f.url or None,
        "severity": f.severity.value,
        "gb_types": list(f.gb_types),
        # non-empty: the break makes dynamo give up on the whole frame; rank these first
        "amplifiers": list(f.amplifiers),
        "help": f.help,
        "region": None if f.region is None else {
            "function": f.region.function,
            "entry": f.region.entry,
            "confidence": f.region.confidence,
            "reached_via": list(f.region.reached_via),
        },
    }


def render_json(findings: List[Finding], sources: Dict, **_) -> str:
    return json.dumps([finding_dict(f) for f in findings], indent=2) + "\n"


def render_json_lines(findings: List[Finding], sources: Dict, **_) -> str:
    return "".join(json.dumps(finding_dict(f)) + "\n" for f in findings)


def _escape(value: str, property_value: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def render_github(findings: List[Finding], sources: Dict, **_) -> str:
    level = {"error": "error", "warning": "warning", "info": "notice"}
    out = []
    for f in findings:
        props = (f"title={_escape(f'compilelint ({f.code})', True)},file={_escape(f.path, True)},"
                 f"line={f.start.row},col={f.start.column},endLine={f.end.row},endColumn={f.end.column}")
        text = f"{f.path}:{f.start.row}:{f.start.column}: {f.code} {f.message}"
        if f.gb_types:
            text += f" [{', '.join(f.gb_types)}]"
        out.append(f"::{level[f.severity.value]} {props}::{_escape(text)}\n")
    return "".join(out)
