"""The pre-commit case, two checkouts side by side: 2 changed files of a cached corpus-M project.

    python benchmarks/speed/side_by_side.py --old main [--new .] [--rounds 10] [--venv [--wheels DIR]] [--cold]

`--old` / `--new`: a git ref of this repository (exported with `git archive`) or a directory holding a
checkout (its compilelint/ and rules/). Each side gets its own copy of corpus M (as run.py builds it) and its
own cache, filled by a whole-project run; then, interleaved and alternating which goes first, each round edits
the two files (their cache entries go stale, as in a commit) and runs `compilelint` on them, a fresh process
each. Prints medians of wall and CPU seconds (the process and the helpers it waited for) and new/old ratios,
and checks that both sides print the same findings. With `--venv`, each side is installed into a fresh
virtual environment, as pre-commit installs a hook, and run through its `compilelint` script (`--wheels`: a
folder to install the dependencies from, offline).

`--cold`: instead, the whole of corpus M without a cache, at -j1 and -j2, each side's four runs interleaved in
every round: also each side's -j2/-j1 wall ratio (issue 8's target: 0.6x).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Dict, List, Optional

from run import BYTECODE_ENV, PRECOMMIT_FILES, REPO, build_corpus, edit_precommit_files


def checkout(spec: str, target: Path) -> Path:
    """A directory with compilelint/ and rules/ for `spec` (a directory, or a ref exported from this repository)."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", spec, "compilelint", "rules", "pyproject.toml",
                              "README.md"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    return target


def lint_argv(cache: Path, paths: List[str], script: Optional[Path] = None) -> List[str]:
    command = [str(script)] if script else [sys.executable, "-m", "compilelint"]
    return [*command, "--isolated", "--statistics", "--exit-zero", "--cache-dir", str(cache), *paths]


def hook_script(tree: Path, venv: Path, wheels: Optional[Path]) -> Path:
    """The tree installed into a fresh virtual environment, as pre-commit installs a hook: its script."""
    source = ["--no-index", "--find-links", str(wheels)] if wheels else []
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *source, str(tree)], check=True)
    return venv / "bin" / "compilelint"


def timed(argv: List[str], cwd: Path, tree: Optional[Path]) -> Dict[str, object]:
    """Wall and CPU seconds (the process and the helpers it waited for) of one run with `tree`'s compilelint
    (None: the installed one of argv's script), and what it printed."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                env=dict(BYTECODE_ENV, PYTHONPATH=str(tree)) if tree else BYTECODE_ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        text = out.read().decode(errors="replace")
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise RuntimeError(f"{tree}: exited {os.waitstatus_to_exitcode(status)}: {text[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "output": text}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="main")
    parser.add_argument("--new", default=str(REPO))
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--venv", action="store_true", help="run each side from its own virtual environment")
    parser.add_argument("--wheels", type=Path, default=None, help="with --venv: install dependencies from here")
    parser.add_argument("--cold", action="store_true", help="corpus M without a cache at -j1 and -j2 instead")
    args = parser.parse_args()
    if args.cold:
        return cold(args)
    with tempfile.TemporaryDirectory(prefix="compilelint-side-") as tmp:
        work = Path(tmp)
        sides: Dict[str, Path] = {name: checkout(spec, work / f"{name}-tree") for name, spec in
                                  (("old", args.old), ("new", args.new))}
        scripts = {name: hook_script(tree, work / f"{name}-venv", args.wheels) if args.venv else None
                   for name, tree in sides.items()}
        trees = {name: None if args.venv else tree for name, tree in sides.items()}
        projects = {}
        for name in sides:
            build_corpus(work / name)
            projects[name] = work / name / "corpus-m"
        for name in sides:  # a whole-project run fills the cache (and writes the bytecode)
            timed(lint_argv(work / f"{name}-cache", ["."], scripts[name]), projects[name], trees[name])
        runs: Dict[str, List[Dict[str, object]]] = {name: [] for name in sides}
        for round_ in range(args.rounds):
            for name in (("old", "new") if round_ % 2 == 0 else ("new", "old")):
                edit_precommit_files(projects[name], round_)
                runs[name].append(timed(lint_argv(work / f"{name}-cache", list(PRECOMMIT_FILES), scripts[name]),
                                        projects[name], trees[name]))
    med = {name: {k: statistics.median(r[k] for r in results) for k in ("wall", "cpu")} for name, results in runs.items()}
    where = ", each side from its own virtual environment" if args.venv else ""
    print(f"pre-commit case{where}, {args.rounds} interleaved rounds, {len(os.sched_getaffinity(0))} cores usable, "
          f"load average at the end {os.getloadavg()[0]:.1f}")
    for name in sides:
        walls = " ".join(f"{r['wall']:.3f}" for r in runs[name])
        print(f"{name} ({args.old if name == 'old' else args.new}): wall {med[name]['wall']:.3f} s, "
              f"CPU {med[name]['cpu']:.3f} s   walls: {walls}")
    print(f"new/old: wall {med['new']['wall'] / med['old']['wall']:.2f}x, CPU {med['new']['cpu'] / med['old']['cpu']:.2f}x")
    differing = [i for i, (a, b) in enumerate(zip(runs["old"], runs["new"])) if a["output"] != b["output"]]
    print("same output in every round" if not differing else
          f"OUTPUT DIFFERS in rounds {differing}:\n{runs['old'][differing[0]]['output']}---\n"
          f"{runs['new'][differing[0]]['output']}")


def cold(args) -> None:
    cases = [(side, jobs) for side in ("old", "new") for jobs in ("1", "2")]
    with tempfile.TemporaryDirectory(prefix="compilelint-side-") as tmp:
        work = Path(tmp)
        sides = {name: checkout(spec, work / f"{name}-tree") for name, spec in (("old", args.old), ("new", args.new))}
        build_corpus(work)
        corpus = work / "corpus-m"
        argv = {jobs: [sys.executable, "-m", "compilelint", "--isolated", "--exit-zero", "--no-cache", "-j", jobs, "."]
                for jobs in ("1", "2")}
        for name, tree in sides.items():  # writes the bytecode
            timed(argv["1"], corpus, tree)
        runs: Dict[tuple, List[Dict[str, object]]] = {case: [] for case in cases}
        for round_ in range(args.rounds):
            for side, jobs in (cases if round_ % 2 == 0 else cases[::-1]):
                runs[side, jobs].append(timed(argv[jobs], corpus, sides[side]))
    med = {case: {k: statistics.median(r[k] for r in results) for k in ("wall", "cpu")} for case, results in runs.items()}
    print(f"corpus M cold, {args.rounds} interleaved rounds, {len(os.sched_getaffinity(0))} cores usable, "
          f"load average at the end {os.getloadavg()[0]:.1f}")
    for side, jobs in cases:
        walls = " ".join(f"{r['wall']:.2f}" for r in runs[side, jobs])
        print(f"{side} ({args.old if side == 'old' else args.new}) -j{jobs}: wall {med[side, jobs]['wall']:.2f} s, "
              f"CPU {med[side, jobs]['cpu']:.2f} s   walls: {walls}")
    for side in ("old", "new"):
        print(f"{side}: -j2/-j1 wall {med[side, '2']['wall'] / med[side, '1']['wall']:.2f}x")
    for jobs in ("1", "2"):
        print(f"-j{jobs} new/old: wall {med['new', jobs]['wall'] / med['old', jobs]['wall']:.2f}x, "
              f"CPU {med['new', jobs]['cpu'] / med['old', jobs]['cpu']:.2f}x")
    outputs = {r["output"] for results in runs.values() for r in results}
    print("same output in every run" if len(outputs) == 1 else f"OUTPUT DIFFERS: {len(outputs)} distinct outputs")


if __name__ == "__main__":
    main()
