"""Human formats: `full` (source line with a caret and a help line) and `concise` (one line each)."""

from __future__ import annotations

from typing import Dict, List

import click

from compilelint.findings import Applicability, Finding


def _header(f: Finding, color: bool) -> str:
    where = f"{f.path}:{f.start.row}:{f.start.column}:"
    code = click.style(f.code, fg="red" if f.severity.value == "error" else "yellow", bold=True) if color else f.code
    fixable = " [*]" if f.fix is not None and f.fix.applicability == Applicability.SAFE else ""
    return f"{click.style(where, bold=True) if color else where} {code}{fixable} {f.message}"


def render_concise(findings: List[Finding], sources: Dict, color: bool = False, **_) -> str:
    return "".join(_header(f, color) + "\n" for f in findings)


def render_full(findings: List[Finding], sources: Dict, color: bool = False, **_) -> str:
    out = []
    for f in findings:
        out.append(_header(f, color))
        source = sources.get(f.path)
        lines = source.text.splitlines() if source is not None else []
        if 0 < f.start.row <= len(lines):
            line = lines[f.start.row - 1].expandtabs(1)
            width = len(str(f.start.row))
            pad = " " * width
            end_col = f.end.column if f.end.row == f.start.row and f.end.column > f.start.column else len(line) + 1
            caret = "^" * max(1, end_col - f.start.column)
            marker = click.style(f"{caret} {f.code}", fg="red", bold=True) if color else f"{caret} {f.code}"
            gutter = click.style("|", fg="blue") if color else "|"
            out.append(f"{pad} {gutter}")
            out.append(f"{f.start.row} {gutter} {line}")
            out.append(f"{pad} {gutter} {' ' * (f.start.column - 1)}{marker}")
            out.append(f"{pad} {gutter}")
            if f.help:
                out.append(f"{pad} = help: {f.help}")
            if f.fix is not None:
                out.append(f"{pad} = fix ({f.fix.applicability.value}): {f.fix.message}")
            if f.region is not None:
                via = f" via {' -> '.join(f.region.reached_via)}" if f.region.reached_via else ""
                out.append(f"{pad} = compiled: {f.region.function}{via} ({f.region.entry}; {f.region.confidence})")
        out.append("")
    return "\n".join(out) + ("\n" if out else "")
