"""The tool's own diagnostics (CL9xx): bad input and suppression hygiene. Not graph-break rules, so
they live here rather than in the rules/ catalogue of runnable examples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict


@dataclass(frozen=True)
class ToolRule:
    code: str
    name: str
    summary: str
    doc: str
    can_ignore: bool


TOOL_RULES: Dict[str, ToolRule] = {
    rule.code: rule
    for rule in (
        ToolRule("CL901", "syntax-error", "The file does not parse as Python",
                 "compilelint parses each file with libcst. A file that does not parse is reported here, with the "
                 "location of the error, and is neither analysed nor touched by --fix. Other files are still linted.",
                 can_ignore=False),
        ToolRule("CL902", "unreadable-file", "The file cannot be read or decoded",
                 "The file could not be read (permissions, a broken link) or is not valid text in its declared "
                 "encoding (PEP 263; UTF-8 by default). It is skipped; other files are still linted.",
                 can_ignore=False),
        ToolRule("CL910", "unused-suppression", "A suppression comment that suppresses nothing",
                 "A `# compilelint: ignore[...]` or `# noqa: CL...` names a code that has no finding on that line "
                 "(or the rule is disabled). Stale suppressions hide future problems: remove them. "
                 "Fix (safe): the unused codes, or the whole comment, are removed.",
                 can_ignore=True),
        ToolRule("CL911", "blanket-suppression", "A compilelint suppression without codes",
                 "`# compilelint: ignore` and `# compilelint: ignore-file` must name the codes they suppress, as "
                 "`# compilelint: ignore[CL101]`. A blanket suppression would hide every future finding on the line, "
                 "so it suppresses nothing and is reported.",
                 can_ignore=True),
    )
}
