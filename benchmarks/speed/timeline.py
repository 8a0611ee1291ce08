"""Where the pre-commit case's wall time goes: stage timestamps in the main process and in the helper, side by side.

    python benchmarks/speed/timeline.py --old main [--new .] [--rounds 10]

As side_by_side.py (each side its own copy of corpus M and its own cache, filled by a whole-project run;
interleaved rounds that edit the two files and lint them), but every run carries a `sitecustomize` that stamps
the seconds since the benchmark spawned it: when the interpreter is up, when some modules start and finish
loading, when some functions are entered and left, in whichever process (main or helper) that happens, and
when the process exits. Prints, per side, the median of each stamp (its first time in a run, and its last for
calls made more than once) in time order. The stamps cost a little: compare the two sides, and take wall times
from side_by_side.py.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List

from run import BYTECODE_ENV, PRECOMMIT_FILES, REPO, build_corpus, edit_precommit_files
from side_by_side import checkout, lint_argv

# module -> functions to stamp ("Class.method" too); a module or function a side lacks is skipped
STAMPED = {
    "compilelint.cli": ["_early_helper", "_run"],
    "compilelint.helper": ["_serve", "Helper.result", "Helper.close"],
    "compilelint.dataclass_code": ["_read"],
    "compilelint.linter": ["lint", "parse_and_lint", "resolve_findings"],
    "compilelint.context": ["ProjectContext.__init__"],
    "compilelint.regions": ["ProjectRegions.__init__"],
    "compilelint.registry": ["select", "all_checks"],
    "compilelint.cache": ["Cache.for_run"],
    "click": [],
    "libcst": [],
    "compilelint.engine": [],
}

SITECUSTOMIZE = '''
import functools, importlib.abc, os, sys, time

T0 = float(os.environ["TIMELINE_T0"])
STAMPED = %r


def stamp(label):
    os.write(2, f"TIMELINE {os.getpid()} {time.time() - T0:.4f} {label}\\n".encode())


def wrapped(function, label):
    @functools.wraps(function)
    def stamped(*args, **kwargs):
        stamp("> " + label)
        try:
            return function(*args, **kwargs)
        finally:
            stamp("< " + label)
    return stamped


class Stamper(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in STAMPED:
            return None
        for finder in sys.meta_path:
            spec = None if finder is self else getattr(finder, "find_spec", lambda *a: None)(name, path, target)
            if spec is not None:
                break
        else:
            return None
        load = spec.loader.exec_module

        def exec_module(module):
            stamp("import " + name)
            load(module)
            stamp("imported " + name)
            for item in STAMPED[name]:
                owner_name, _, attribute = item.rpartition(".")
                owner = getattr(module, owner_name, None) if owner_name else module
                if owner is not None and hasattr(owner, attribute):
                    setattr(owner, attribute, wrapped(getattr(owner, attribute), item))

        spec.loader.exec_module = exec_module
        return spec


stamp("interpreter up")
sys.meta_path.insert(0, Stamper())
_exit = os._exit
os._exit = lambda code: (stamp("exit"), _exit(code))
import atexit
atexit.register(stamp, "exit")
''' % STAMPED


def run_once(argv: List[str], cwd: Path, tree: Path, site: Path) -> Dict[str, object]:
    env = dict(BYTECODE_ENV, PYTHONPATH=os.pathsep.join([str(tree), str(site)]), TIMELINE_T0=repr(time.time()))
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    first: Dict[str, float] = {}
    last: Dict[str, float] = {}
    main_pid = None
    for line in done.stderr.splitlines():
        found = re.match(r"TIMELINE (\d+) ([\d.]+) (.*)", line)
        if found:
            pid, seconds, label = found.groups()
            main_pid = main_pid or pid  # the first to stamp: the process the benchmark started
            label = label if pid == main_pid else "[helper] " + label
            first.setdefault(label, float(seconds))
            last[label] = float(seconds)
    return {"wall": wall, "first": first, "last": last, "output": done.stdout}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", default="main")
    parser.add_argument("--new", default=str(REPO))
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="compilelint-timeline-") as tmp:
        work = Path(tmp)
        site = work / "site"
        site.mkdir()
        (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
        sides = {name: checkout(spec, work / f"{name}-tree") for name, spec in (("old", args.old), ("new", args.new))}
        projects = {}
        for name, tree in sides.items():
            build_corpus(work / name)
            projects[name] = work / name / "corpus-m"
            subprocess.run(lint_argv(work / f"{name}-cache", ["."]), cwd=projects[name], check=False,
                           env=dict(BYTECODE_ENV, PYTHONPATH=str(tree)), capture_output=True)
        runs: Dict[str, List[Dict[str, object]]] = {name: [] for name in sides}
        for round_ in range(args.rounds):
            for name in (("old", "new") if round_ % 2 == 0 else ("new", "old")):
                edit_precommit_files(projects[name], round_)
                runs[name].append(run_once(lint_argv(work / f"{name}-cache", list(PRECOMMIT_FILES)), projects[name],
                                           sides[name], site))
    for name, results in runs.items():
        print(f"{name} ({args.old if name == 'old' else args.new}): wall {statistics.median(r['wall'] for r in results):.3f} s"
              f" (median of {len(results)}; the stamps cost a little)")
        stamps = []
        for label in {label for r in results for label in r["first"]}:
            firsts = [r["first"][label] for r in results if label in r["first"]]
            lasts = [r["last"][label] for r in results if label in r["last"]]
            stamps.append((statistics.median(firsts), statistics.median(lasts), label))
        for first, last, label in sorted(stamps):
            print(f"  {first:7.3f}" + (f"  (last {last:.3f})" if last - first > 0.0005 else "") + f"  {label}")
    differing = sum(a["output"] != b["output"] for a, b in zip(runs["old"], runs["new"]))
    print("same output in every round" if not differing else f"OUTPUT DIFFERS in {differing} rounds")


if __name__ == "__main__":
    sys.exit(main())
