"""Step 3 of `--verify`: a throw-away copy of the project where the fixes are applied.

The user's tree is never written: the fixer runs on the copy with the user's configuration, so
`--verify` measures exactly what `compilelint --fix` would change.
"""

from __future__ import annotations

import difflib
import os
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import List, Optional, Sequence

from compilelint.config import Config

# never copied: version control, environments, caches, build output (the report directory is added)
SKIPPED = (".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__", ".mypy_cache", ".ruff_cache",
           ".pytest_cache", ".compilelint_cache", "node_modules", "build", "dist", ".whl", ".ipynb_checkpoints")


@dataclass
class ShadowResult:
    root: Path
    applied: bool  # the fixer ran (it may have changed nothing)
    changed: List[str] = field(default_factory=list)  # project-relative paths the fixes rewrote
    diff: str = ""
    error: Optional[str] = None


def copy_project(root: Path, destination: Path, skip: Sequence[str] = ()) -> Path:
    skipped = set(SKIPPED) | set(skip)
    shutil.copytree(root, destination, symlinks=True,
                    ignore=lambda _dir, names: [n for n in names if n in skipped or n.endswith(".egg-info")])
    return destination


def apply_fixes(shadow: Path, config: Config, enabled: Sequence[str], tool_codes: Sequence[str],
                unsafe: bool) -> ShadowResult:
    """Lint the copy and apply its fixes to a fixpoint, as `compilelint --fix` would; the diff per file."""
    from compilelint.discover import discover
    from compilelint.fixer import encode, fix_run, write_atomically
    from compilelint.linter import lint

    shadow_config = replace(config, root=shadow)
    run = lint(discover([str(shadow)], shadow_config).files, shadow_config, enabled, tool_codes)
    outcomes = fix_run(run, shadow_config, enabled, tool_codes, unsafe=unsafe)
    result = ShadowResult(shadow, True)
    problems = []
    for outcome in sorted(outcomes.values(), key=lambda o: o.path):
        relative = os.path.relpath(os.path.abspath(outcome.path), shadow).replace(os.sep, "/")
        if outcome.problem:
            problems.append(f"{relative}: {outcome.problem}")
        if not outcome.changed:
            continue
        write_atomically(Path(outcome.path), encode(run.sources[outcome.path], outcome.fixed))
        result.changed.append(relative)
        result.diff += "".join(difflib.unified_diff(outcome.original.splitlines(True), outcome.fixed.splitlines(True),
                                                    f"a/{relative}", f"b/{relative}"))
    result.error = "; ".join(problems) or None
    return result
