"""Lint CPU of two checkouts side by side: `linter.lint` of corpus M, in-process, cold (no cache), -j1.

    python benchmarks/speed/lint_cpu.py --old DIR --new DIR [--rounds 3] [--corpus DIR]

Each round runs each checkout in a fresh process (alternating which goes first) and reads the process CPU time of
the `lint()` call alone: no start-up, no output, no wall clock, so a loaded machine shifts both sides alike more
than it shifts their ratio. `--old` / `--new`: directories holding a checkout (its compilelint/ and rules/). Prints
each side's median and new/old.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# run in the child, with the checkout first on sys.path: prints the CPU seconds of lint()
CHILD = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from compilelint import linter, pool
from compilelint.config import Config
from compilelint.registry import select, tool_codes_enabled
files = sorted(Path(sys.argv[2]).rglob("*.py"))
config = Config(root=Path(sys.argv[1]))
enabled = select(config.select, config.extend_select, config.ignore, config.preview)
pool.load_checks(enabled)
start = time.process_time()
linter.lint(files, config, enabled, tool_codes_enabled(()), jobs=1)
print(time.process_time() - start)
"""


def lint_cpu(tree: Path, corpus: Path) -> float:
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(corpus)], capture_output=True, text=True,
                         check=True)
    return float(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, required=True)
    parser.add_argument("--new", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--corpus", type=Path, help="lint this folder instead of a fresh corpus M")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="compilelint-lint-cpu-") as tmp:
        corpus = args.corpus
        if corpus is None:
            sys.path.insert(0, str(HERE))
            from run import build_corpus

            corpus = Path(tmp)
            build_corpus(corpus)
        sides = {"old": args.old.resolve(), "new": args.new.resolve()}
        times = {name: [] for name in sides}
        for round_ in range(args.rounds):
            for name in (("old", "new") if round_ % 2 == 0 else ("new", "old")):
                times[name].append(lint_cpu(sides[name], corpus))
    for name, tree in sides.items():
        print(f"{name} ({tree}): lint() CPU median {statistics.median(times[name]):.2f} s   "
              + " ".join(f"{t:.2f}" for t in times[name]))
    print(f"new/old: {statistics.median(times['new']) / statistics.median(times['old']):.2f}x")


if __name__ == "__main__":
    main()
