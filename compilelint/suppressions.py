"""`# compilelint: ignore[CL101]`, `# compilelint: ignore-file[CL101]` and `# noqa: CL101`.

A suppression on a line covers findings on that line and findings whose statement starts there; a
comment alone on its line covers the line below (the first line of a multi-line statement).
Unused and code-less suppressions are findings themselves (CL910, CL911).
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field
from typing import Iterable, List, Set, Tuple

from compilelint.findings import Applicability, Edit, Finding, Fix, Location, Severity

_DIRECTIVE = re.compile(r"#\s*compilelint\s*:\s*(?P<kind>ignore-file|ignore)\b(?:\s*\[(?P<codes>[^\]]*)\])?")
_NOQA = re.compile(r"#\s*noqa\s*:\s*(?P<codes>[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)", re.IGNORECASE)
_CODE = re.compile(r"[A-Z]+[0-9]+")


@dataclass
class Suppression:
    row: int
    kind: str  # "ignore", "ignore-file", "noqa"
    codes: Tuple[str, ...]
    own_line: bool
    comment_col: int  # 0-based column of the comment's `#`
    comment: str
    line_text: str
    used: Set[str] = field(default_factory=set)

    def covers_rows(self) -> Tuple[int, ...]:
        return (self.row, self.row + 1) if self.own_line else (self.row,)


def parse_suppressions(text: str) -> List[Suppression]:
    if not _may_suppress(text):
        return []
    lines = text.splitlines()
    found = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        row, col = tok.start
        line = lines[row - 1] if row - 1 < len(lines) else ""
        own_line = not line[:col].strip()
        directive = _DIRECTIVE.search(tok.string)
        if directive:
            codes = tuple(_CODE.findall(directive.group("codes") or ""))
            found.append(Suppression(row, directive.group("kind"), codes, own_line, col, tok.string, line))
            continue
        noqa = _NOQA.search(tok.string)
        if noqa:
            codes = tuple(c.upper() for c in _CODE.findall(noqa.group("codes").upper()) if c.upper().startswith("CL"))
            if codes:
                found.append(Suppression(row, "noqa", codes, own_line, col, tok.string, line))
    return found


def _may_suppress(text: str) -> bool:
    """Whether some comment could hold a directive. A match inside a comment is a match in the whole
    text, so only files with one are tokenized (torch has many `# noqa: E501`, and no CL codes)."""
    if "compilelint" not in text and "noqa" not in text:
        return False
    if _DIRECTIVE.search(text):
        return True
    return any(code.startswith("CL") for m in _NOQA.finditer(text) for code in _CODE.findall(m.group("codes").upper()))


def apply_suppressions(findings: Iterable[Finding], suppressions: List[Suppression]) -> List[Finding]:
    """Findings that no suppression covers; marks the suppressions that were used."""
    file_wide = [s for s in suppressions if s.kind == "ignore-file"]
    by_row = {}
    for s in suppressions:
        if s.kind != "ignore-file":
            for row in s.covers_rows():
                by_row.setdefault(row, []).append(s)
    kept = []
    for finding in findings:
        hit = None
        for s in file_wide:
            if finding.code in s.codes:
                hit = s
        for row in {finding.start.row, finding.statement_row}:
            for s in by_row.get(row, ()):
                if finding.code in s.codes:
                    hit = s
        if hit is None:
            kept.append(finding)
        else:
            hit.used.add(finding.code)
    return kept


def suppression_findings(path: str, suppressions: List[Suppression], enabled: Set[str]) -> List[Finding]:
    """CL911 for code-less suppressions, CL910 (with a safe fix) for codes that suppressed nothing."""
    out = []
    for s in suppressions:
        start = Location(s.row, s.comment_col + 1)
        end = Location(s.row, s.comment_col + 1 + len(s.comment))
        if not s.codes and "CL911" in enabled:
            out.append(Finding(
                code="CL911", name="blanket-suppression", path=path, start=start, end=end, statement_row=s.row,
                message=f"`# compilelint: {s.kind}` without codes suppresses nothing: name the codes, "
                        f"e.g. `# compilelint: {s.kind}[CL101]`",
                severity=Severity.WARNING,
            ))
            continue
        unused = [c for c in s.codes if c not in s.used]
        if unused and "CL910" in enabled:
            out.append(Finding(
                code="CL910", name="unused-suppression", path=path, start=start, end=end, statement_row=s.row,
                message=f"unused suppression of {', '.join(unused)}: nothing to suppress here",
                severity=Severity.WARNING, fix=_removal_fix(s, unused),
            ))
    return out


def _removal_fix(s: Suppression, unused: List[str]) -> Fix:
    kept = [c for c in s.codes if c not in unused]
    if kept:
        new = s.comment
        for code in unused:
            new = re.sub(rf"\s*,?\s*\b{code}\b\s*,?", lambda m: "," if m.group(0).count(",") == 2 else "", new, count=1)
        new = re.sub(r"\[\s*,", "[", re.sub(r",\s*\]", "]", new))
        edit = Edit(new, Location(s.row, s.comment_col + 1), Location(s.row, s.comment_col + 1 + len(s.comment)))
        return Fix(Applicability.SAFE, f"remove unused {', '.join(unused)}", (edit,))
    if s.own_line:
        edit = Edit("", Location(s.row, 1), Location(s.row + 1, 1))
    else:
        before = s.line_text[: s.comment_col]
        start_col = len(before.rstrip()) + 1
        edit = Edit("", Location(s.row, start_col), Location(s.row, s.comment_col + 1 + len(s.comment)))
    return Fix(Applicability.SAFE, "remove the unused suppression", (edit,))
