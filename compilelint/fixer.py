"""Apply fixes: pick the applicable ones, drop overlapping edits, loop to a fixpoint (re-linting each
time), keep a file only if it still parses, and write atomically in the file's own encoding.

Safe fixes always apply; unsafe ones only with `unsafe`; display-only fixes never do. A fix whose
edits overlap an already chosen fix waits for the next round, where it is recomputed on the new text.
"""

from __future__ import annotations

import ast
import os
import re
import stat
import tempfile
import warnings
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from compilelint.config import Config
from compilelint.findings import Applicability, Fix
from compilelint.linter import LintRun, SourceFile, lint_reached, parse_and_lint, resolve_findings
from compilelint.registry import all_rules

# Each round fixes what does not overlap; a fix can expose another (an `or` inside an `if`). Ruff
# bounds this at 100 rounds; fixes here touch one statement each, so few rounds ever run.
MAX_ROUNDS = 10
_LINE_START = re.compile(r"\n")


@dataclass
class FileOutcome:
    path: str
    original: str
    fixed: str
    fixed_codes: Counter = field(default_factory=Counter)
    problem: Optional[str] = None  # why nothing is written although fixes applied

    @property
    def changed(self) -> bool:
        return self.problem is None and self.fixed != self.original


def applies(fix: Optional[Fix], unsafe: bool) -> bool:
    if fix is None or not fix.edits:
        return False
    return fix.applicability == Applicability.SAFE or (unsafe and fix.applicability == Applicability.UNSAFE)


def _offsets(text: str) -> List[int]:
    """Offset of the first character of each 1-based row (rows end at `\\n`, as positions.py counts)."""
    return [0] + [m.end() for m in _LINE_START.finditer(text)]


def _offset(starts: List[int], text: str, row: int, column: int) -> int:
    if row > len(starts):
        return len(text)
    return min(starts[row - 1] + column - 1, len(text))


def _overlaps(a: Tuple[int, int, str], b: Tuple[int, int, str]) -> bool:
    if a == b:
        return False  # the same edit from two fixes (an added import) is applied once
    (a_start, a_end, _), (b_start, b_end, _) = a, b
    if a_start == b_start and (a_start == a_end or b_start == b_end):
        return True  # two insertions (or an insertion and a replacement) at one point: order unknown
    return a_start < b_end and b_start < a_end


def apply_fixes(text: str, fixes: Sequence[Tuple[str, Fix]]) -> Tuple[str, Counter]:
    """Apply the (code, fix) pairs that do not overlap an earlier one, in source order.
    Returns the new text and how many fixes of each code were applied."""
    starts = _offsets(text)
    chosen: List[Tuple[int, int, str]] = []
    applied: Counter = Counter()

    def spans(fix: Fix) -> List[Tuple[int, int, str]]:
        return [(_offset(starts, text, e.start.row, e.start.column), _offset(starts, text, e.end.row, e.end.column),
                 e.content) for e in fix.edits]

    ordered = sorted(fixes, key=lambda item: (min(e.start for e in item[1].edits), item[0]))
    for code, fix in ordered:
        edits = spans(fix)
        if any(_overlaps(edit, other) for edit in edits for other in chosen):
            continue
        chosen.extend(e for e in edits if e not in chosen)
        applied[code] += 1
    out = text
    for start, end, content in sorted(chosen, key=lambda e: (e[0], e[1]), reverse=True):
        out = out[:start] + content + out[end:]
    return out, applied


def parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences etc. are the user's, not ours
            ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def fix_run(run: LintRun, config: Config, enabled: Sequence[str], tool_codes: Sequence[str],
            unsafe: bool) -> Dict[str, FileOutcome]:
    """Fix every file of `run` in memory, to a fixpoint. `run` ends up holding the remaining findings
    (of the fixed text for files that will be written, of the original text for the others)."""
    checks = [all_rules()[code].check for code in enabled]
    enabled_all = set(enabled) | set(tool_codes)
    outcomes: Dict[str, FileOutcome] = {}
    original_sources = dict(run.sources)
    others = [f for f in run.findings if f.path not in run.results]  # unreadable files
    for _ in range(MAX_ROUNDS):
        by_path: Dict[str, List[Tuple[str, Fix]]] = {}
        for finding in run.findings:
            if applies(finding.fix, unsafe) and finding.path in run.results:
                by_path.setdefault(finding.path, []).append((finding.code, finding.fix))
        changed = False
        for path, fixes in by_path.items():
            outcome = outcomes.setdefault(path, FileOutcome(path, run.sources[path].text, run.sources[path].text))
            if outcome.problem is not None:
                continue
            text, applied = apply_fixes(run.sources[path].text, fixes)
            if text == run.sources[path].text:
                continue
            if not parses(text):
                outcome.problem = "applying the fixes produced code that does not parse; the file is left unchanged"
                continue
            outcome.fixed = text
            outcome.fixed_codes.update(applied)
            run.sources[path] = replace(run.sources[path], text=text)
            run.results[path] = parse_and_lint(run.sources[path], *run.modules[path], checks)
            changed = True
        if not changed:
            break
        lint_reached(run, config, checks)
        run.findings = others + resolve_findings(list(run.results.values()), run.sources, config, enabled_all)
    # a file we will not write keeps its original findings
    failed = [o.path for o in outcomes.values() if o.problem is not None]
    if failed:
        for path in failed:
            run.sources[path] = original_sources[path]
            run.results[path] = parse_and_lint(run.sources[path], *run.modules[path], checks)
        lint_reached(run, config, checks)
        run.findings = others + resolve_findings(list(run.results.values()), run.sources, config, enabled_all)
    run.findings.sort(key=lambda f: f.sort_key)
    return outcomes


def encode(source: SourceFile, text: str) -> bytes:
    """The text in the file's own encoding, with its BOM if it had one (line ends are in the text)."""
    data = text.encode(source.encoding)
    return (b"\xef\xbb\xbf" + data) if source.bom and not data.startswith(b"\xef\xbb\xbf") else data


def write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside the target, then rename over it: a reader never sees half a
    file, and an interrupted write leaves the original. The file keeps its permission bits."""
    target = Path(os.path.realpath(path))
    mode = stat.S_IMODE(target.stat().st_mode)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".compilelint-tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def unified_diff(outcome: FileOutcome) -> str:
    import difflib

    before = outcome.original.splitlines(keepends=True)
    after = outcome.fixed.splitlines(keepends=True)
    lines = difflib.unified_diff(before, after, fromfile=f"a/{outcome.path}", tofile=f"b/{outcome.path}")
    out = []
    for line in lines:
        out.append(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def fixed_counts(outcomes: Iterable[FileOutcome]) -> Counter:
    total: Counter = Counter()
    for outcome in outcomes:
        if outcome.changed:
            total.update(outcome.fixed_codes)
    return total


def show_fixes(outcomes: Iterable[FileOutcome], names: Dict[str, str]) -> str:
    """Ruff's `--show-fixes` listing: per file, how many fixes of each rule were applied."""
    changed = [o for o in outcomes if o.changed]
    total = sum(sum(o.fixed_codes.values()) for o in changed)
    if not total:
        return "No errors fixed\n"
    out = [f"Fixed {total} error{'s' if total != 1 else ''}:"]
    for outcome in sorted(changed, key=lambda o: o.path):
        out.append(f"- {outcome.path}:")
        for code, n in sorted(outcome.fixed_codes.items()):
            out.append(f"    {n} \u00d7 {code} ({names.get(code, '')})")
    return "\n".join(out) + "\n"
