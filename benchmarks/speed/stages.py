"""Where a cold run's time goes: CPU seconds per stage of `compilelint` on corpus M, in one process.

    python benchmarks/speed/stages.py [--corpus DIR]

Times the stages of linter.lint (the ast index, libcst parsing, the walk with every default rule,
positions, the imported-project context, the region solves, resolving findings) by wrapping them, and
the libcst parse of every file as the unit. Start-up (imports) is not in it: run.py measures the whole.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

from compilelint import engine, linter, parsing, pool, positions  # noqa: E402
from compilelint.config import Config  # noqa: E402
from compilelint.registry import select, tool_codes_enabled  # noqa: E402


def _timed(owner, name: str, label: str, totals: Counter) -> None:
    function = getattr(owner, name)

    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            totals[label] += time.process_time() - start

    setattr(owner, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="lint this folder instead of a fresh corpus M")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="compilelint-stages-") as tmp:
        if args.corpus:
            files = sorted(args.corpus.rglob("*.py"))
        else:
            from run import build_corpus

            files = build_corpus(Path(tmp))
        import libcst

        texts = [p.read_text("utf-8") for p in files]
        start = time.process_time()
        for text in texts:
            libcst.parse_module(text)
        floor = time.process_time() - start

        config = Config(root=HERE.parent.parent)  # as run.py: the checkout is the project, the corpus outside it
        enabled = select(config.select, config.extend_select, config.ignore, config.preview)
        pool.load_checks(enabled)  # the checks' imports are start-up, not a stage
        totals: Counter = Counter()
        _timed(linter, "index_file", "ast index (every file not cached)", totals)
        _timed(parsing, "parse_module", "libcst parse (files that need it)", totals)
        _timed(engine._Walker, "walk", "walk + checks", totals)
        _timed(engine.FileContext, "finish", "positions and results", totals)
        _timed(engine, "locate", "  positions, within positions and results", totals)
        _timed(positions, "compute_spans", "  of which codegen of whole files", totals)
        _timed(linter, "ProjectContext", "imported project context", totals)
        _timed(linter, "ProjectRegions", "region solves", totals)
        _timed(linter, "resolve_findings", "resolving findings", totals)
        start = time.process_time()
        run = linter.lint(files, config, enabled, tool_codes_enabled(()), jobs=1)
        total = time.process_time() - start
    parsed = [r for r in run.results.values() if r.checked]
    lines = {path: source.text.count("\n") for path, source in run.sources.items()}
    print(f"{len(files)} files, {sum(lines.values()):,} lines; parsed with libcst: {len(parsed)} files, "
          f"{sum(lines[r.path] for r in parsed):,} lines. Unit: libcst parse of every file = {floor:.2f} CPU s.\n")
    print("| stage | CPU s | parses |\n|---|---:|---:|")
    for label, seconds in list(totals.items()) + [("lint() in all", total)]:
        print(f"| {label} | {seconds:.2f} | {seconds / floor:.2f} |")
    rest = total - sum(v for k, v in totals.items() if not k.startswith(" "))
    print(f"| everything else in lint() | {rest:.2f} | {rest / floor:.2f} |")


if __name__ == "__main__":
    main()
