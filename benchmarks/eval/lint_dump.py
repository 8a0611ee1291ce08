"""Lint-only dumps of every evaluation group's package folders by two or more checkouts, for proving that a change
moves no finding.

    python benchmarks/eval/lint_dump.py --tree before=DIR --tree after=DIR --out DIR [--jobs 2] [--site-base DIR]
        [--only NAME ...]

Each `--tree NAME=DIR` is a checkout whose compilelint lints (its benchmarks/eval/run_eval.py's run_lint: every file
of each package folder, no cache, `--select ALL`, cwd = the site folder, no compiled roots: run_lint would write their
config into the site). Groups: the 22-package eval (`targets.py`, .packages) and held-out groups 1-N
(`heldout_targets.py`, `heldoutN_targets.py`, .packages-heldoutN), site folders read under `--site-base` (default:
this checkout's benchmarks/eval) and never written; the groups with the fewest files first, so that a run cut short
has compared as many groups as it could. Every package folder is linted by every tree side by side, and as soon as
all have, OUT/NAME.txt gains one line a finding (`group/folder` and the finding's whole JSON record: file, rows and
columns, message, fix, region; a file compilelint crashed on: `group/folder FAILED {...}`) and OUT/compared.txt one
line: `group/folder same|DIFFERS <finding counts>`.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import List, Tuple

HERE = Path(__file__).resolve().parent


def groups(base: Path) -> List[Tuple[str, Path, Path]]:
    """(name, targets file, site folder) of every group whose site folder exists."""
    found = [("eval", HERE / "targets.py", base / ".packages"), ("heldout", HERE / "heldout_targets.py",
                                                                  base / ".packages-heldout")]
    numbered = sorted((int(m.group(1)), p) for p in HERE.glob("heldout*_targets.py")
                      if (m := re.fullmatch(r"heldout(\d+)_targets\.py", p.name)))
    found += [(f"heldout{n}", p, base / f".packages-heldout{n}") for n, p in numbered]
    return [g for g in found if g[2].is_dir()]


def run_eval_of(tree: Path, name: str):
    spec = importlib.util.spec_from_file_location(f"dump_run_eval_{name}", tree / "benchmarks" / "eval" / "run_eval.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def lint_lines(run_eval, group: str, site: Path, folder: str) -> List[str]:
    findings, failures = run_eval.run_lint(site, folder)
    return sorted([f"{group}/{folder} {json.dumps(f, sort_keys=True)}" for f in findings] +
                  [f"{group}/{folder} FAILED {json.dumps(f, sort_keys=True)}" for f in failures])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", action="append", required=True, help="NAME=DIR")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--site-base", type=Path, default=HERE)
    parser.add_argument("--only", nargs="*", default=None, help="group names (eval, heldout, heldout2, ...)")
    args = parser.parse_args()
    trees = {name: run_eval_of(Path(path).resolve(), name) for name, _, path in (t.partition("=") for t in args.tree)}
    work = []
    for group, targets_file, site in groups(args.site_base):
        if args.only is None or group in args.only:
            folders = [p.folder for p in next(iter(trees.values())).load_targets(targets_file).PACKAGES
                       if (site / p.folder).exists()]
            work.append((sum(1 for f in folders for _ in (site / f).rglob("*.py")), group, site, folders))
    args.out.mkdir(parents=True, exist_ok=True)
    lock = threading.Lock()

    def one(group: str, site: Path, folder: str) -> None:
        with ThreadPoolExecutor(len(trees)) as pool:
            lines = dict(zip(trees, pool.map(lambda t: lint_lines(t, group, site, folder), trees.values())))
        with lock:
            for name, found in lines.items():
                with open(args.out / f"{name}.txt", "a") as out:
                    out.writelines(line + "\n" for line in found)
            verdict = "same" if len({tuple(v) for v in lines.values()}) == 1 else "DIFFERS"
            with open(args.out / "compared.txt", "a") as out:
                out.write(f"{group}/{folder} {verdict} " + " ".join(f"{n}={len(v)}" for n, v in lines.items()) + "\n")

    with ThreadPoolExecutor(max(1, args.jobs // len(trees))) as pool:
        for _ in pool.map(lambda w: one(*w), [(g, s, f) for _, g, s, folders in sorted(work) for f in folders]):
            pass


if __name__ == "__main__":
    main()
