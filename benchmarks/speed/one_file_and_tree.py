"""One-file lint and a whole-tree lint, two or more checkouts side by side, without a cache.

    python benchmarks/speed/one_file_and_tree.py --side before=main --side after=. [--rounds 3]
        [--file compilelint/pool.py --file benchmarks/eval/run_eval.py] [--root DIR]

`--side NAME=SPEC`: a git ref of this repository (exported with `git archive`) or a directory holding a checkout
(its compilelint/ and rules/); the first side is the one the ratios divide by. The one-file case runs
`python3 -m compilelint --no-cache FILE` from a repository root (`--root`, default this checkout), as a developer
lints the file they edit: module naming reads the folders above the file's package there. The whole-tree case lints
corpus M (torch/nn, torch/distributions, torch/optim of the installed torch, as run.py builds it) at -j1. Every case
runs each side in turn in every round, alternating which goes first, a fresh process each; medians of wall and CPU
seconds (the process and the helpers it waited for), each side's ratio to the first, and whether all sides printed
the same findings.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Dict, List, Tuple

from run import REPO, build_corpus
from side_by_side import checkout, timed

# -P: the working directory does not go first on sys.path (from a checkout's root, `-m compilelint` would run that
# checkout's compilelint, whatever the side)
LINT = [sys.executable, "-P", "-m", "compilelint", "--isolated", "--exit-zero", "--no-cache"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", action="append", required=True, help="NAME=REF-or-DIR; the first is the base")
    parser.add_argument("--file", action="append", help="a file to lint alone, relative to --root")
    parser.add_argument("--root", type=Path, default=REPO, help="the repository root the one-file lints run from")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    files = args.file or ["compilelint/pool.py", "benchmarks/eval/run_eval.py"]
    with tempfile.TemporaryDirectory(prefix="compilelint-onefile-") as tmp:
        work = Path(tmp)
        sides = {name: checkout(spec, work / f"{name}-tree") for name, _, spec in (s.partition("=") for s in args.side)}
        build_corpus(work)
        cases: Dict[str, Tuple[List[str], Path]] = {
            **{f"one file {file}": ([*LINT, file], args.root) for file in files},
            "whole tree (corpus M, -j1)": ([*LINT, "-j", "1", "."], work / "corpus-m"),
        }
        for argv, cwd in cases.values():  # writes each side's bytecode
            for tree in sides.values():
                timed(argv, cwd, tree)
        runs: Dict[Tuple[str, str], List[Dict[str, object]]] = {}
        for round_ in range(args.rounds):
            for case, (argv, cwd) in cases.items():
                order = list(sides) if round_ % 2 == 0 else list(sides)[::-1]
                for name in order:
                    runs.setdefault((case, name), []).append(timed(argv, cwd, sides[name]))
    print(f"{args.rounds} interleaved rounds, {len(os.sched_getaffinity(0))} cores usable, "
          f"load average at the end {os.getloadavg()[0]:.1f}; sides: " + ", ".join(args.side))
    base = next(iter(sides))
    print("| case | side | wall s (median) | CPU s (median) | wall ratio | CPU ratio | walls |")
    print("|---|---|---|---|---|---|---|")
    for case in cases:
        med = {name: {k: statistics.median(r[k] for r in runs[case, name]) for k in ("wall", "cpu")} for name in sides}
        for name in sides:
            walls = " ".join(f"{r['wall']:.2f}" for r in runs[case, name])
            print(f"| {case} | {name} | {med[name]['wall']:.2f} | {med[name]['cpu']:.2f} | "
                  f"{med[name]['wall'] / med[base]['wall']:.2f} | {med[name]['cpu'] / med[base]['cpu']:.2f} | {walls} |")
        outputs = {r["output"] for name in sides for r in runs[case, name]}
        print(f"| {case} | same findings on every side and round: {len(outputs) == 1} | | | | | |")


if __name__ == "__main__":
    main()
