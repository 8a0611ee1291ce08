"""Speed benchmark: compilelint against the libcst parse floor, TorchFix 0.7.0 and ruff, on the same files.

    python benchmarks/speed/run.py [--rounds 3] [--no-whole-torch]

Builds "corpus M" (torch/nn, torch/distributions, torch/optim of the installed torch, copied to a
temporary directory; torch is never imported), then runs every tool as a fresh process, interleaved
over several rounds, and writes medians and ratios to benchmarks/results/speed-<date>.md.

The pre-commit case lints two changed files from inside a copy of the corpus (so the project files they import
are read), with the cache a whole-project run filled, from compilelint installed into a fresh virtual environment
as pre-commit installs a hook (and, for comparison, from this python).

TorchFix lives in its own virtual environment, benchmarks/speed/.venv-torchfix (created here with
`pip install TorchFix==0.7.0 ruff`, from `--wheels DIR` on a machine without network); when it cannot be
installed the table says so. Times are wall
seconds and CPU seconds (user + system of the process and its workers); peak RSS is given twice: the largest
resident set of one process, and the peak of the sum over the process tree (main and workers together).
Load from other processes on the machine is recorded with the results. `--only-whole-torch` runs the whole
installed torch/ package alone (-j1 and the default -j) and writes speed-<date>-whole-torch.md.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
VENV = HERE / ".venv-torchfix"
CORPUS_PARTS = ("nn", "distributions", "optim")
# two ordinary model files: what a pre-commit hook sees for a small commit. They are linted from inside their
# project (a copy of corpus M is the working directory), so the project files they import are read too.
PRECOMMIT_FILES = ("torch/nn/modules/linear.py", "torch/nn/modules/dropout.py")
PRECOMMIT = "compilelint 2 changed files, project cached (pre-commit)"
FLOOR = "import libcst, pathlib, sys\nfor p in sys.argv[1:]:\n    libcst.parse_module(pathlib.Path(p).read_text('utf-8'))\n"


def torch_dir() -> Path:
    spec = importlib.util.find_spec("torch")
    if spec is None or spec.origin is None:
        sys.exit("the benchmark builds its corpus from the installed torch: pip install torch")
    return Path(spec.origin).parent


def copy_tree(source: Path, target: Path) -> List[Path]:
    files = []
    for path in sorted(source.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        out = target / path.relative_to(source)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, out)
        files.append(out)
    return files


def build_corpus(work: Path) -> List[Path]:
    torch = torch_dir()
    root = work / "corpus-m" / "torch"
    files = []
    for part in CORPUS_PARTS:
        files += copy_tree(torch / part, root / part)
    # an empty package marker, so that module names are torch.nn.... as in the real package
    (root / "__init__.py").write_text("")
    return files


def lines(files: Sequence[Path]) -> int:
    return sum(p.read_bytes().count(b"\n") for p in files)


# Every tool runs from bytecode, as an installed package does: a host that sets PYTHONDONTWRITEBYTECODE would
# otherwise make each run recompile compilelint's own modules (~0.45 s) and nothing else's.
BYTECODE_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


class TreeMemory:
    """The peak of the summed resident sets (VmRSS) of a process and all its descendants, sampled every
    50 ms by a thread: ru_maxrss is one process's own peak, and workers hold memory side by side."""

    INTERVAL = 0.05

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_mb = 0.0
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def stop(self) -> float:
        self.done.set()
        self.thread.join()
        return self.peak_mb

    def _sample(self) -> None:
        while not self.done.is_set():
            self.peak_mb = max(self.peak_mb, sum(_rss_kb(pid) for pid in _tree(self.pid)) / 1024)
            self.done.wait(self.INTERVAL)


def _tree(pid: int) -> List[int]:
    found, pending = [], [pid]
    while pending:
        pid = pending.pop()
        found.append(pid)
        try:
            pending += [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:  # gone meanwhile
            pass
    return found


def _rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def measure(argv: Sequence[str], cwd: Path) -> Dict[str, float]:
    """Wall and CPU seconds (the process and the workers it waited for), the peak RSS of one process and
    the peak of the process tree's summed RSS (0 where /proc cannot tell), in MB."""
    start = time.perf_counter()
    env = BYTECODE_ENV
    if argv[0] == sys.executable:  # this checkout's compilelint, also from another working directory
        env = dict(env, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])))
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    memory = TreeMemory(proc.pid)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    tree = memory.stop()
    proc.returncode = os.waitstatus_to_exitcode(status)
    stderr = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(map(str, argv[:4]))} ... exited {proc.returncode}: {stderr[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": usage.ru_maxrss / 1024, "tree": tree}


def ensure_torchfix(wheels: Optional[Path]) -> Optional[str]:
    """The venv's python, or None with the reason printed. `wheels`: a folder to install from, offline."""
    python = VENV / "bin" / "python"
    if not (VENV / "bin" / "torchfix").exists():
        source = ["--no-index", "--find-links", str(wheels)] if wheels else []
        try:
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "-q", *source, "TorchFix==0.7.0", "ruff"], check=True)
        except (subprocess.CalledProcessError, OSError) as exc:
            print(f"TorchFix could not be installed: {exc}", file=sys.stderr)
            return None
    return str(python)


def ensure_hook_venv(work: Path, wheels: Optional[Path]) -> Optional[Path]:
    """compilelint installed from this checkout into a fresh virtual environment, as pre-commit installs a hook:
    its console script, or None with the reason printed."""
    venv = work / "hook-venv"
    source = ["--no-index", "--find-links", str(wheels)] if wheels else []
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *source, str(REPO)], check=True)
    except (subprocess.CalledProcessError, OSError) as exc:
        print(f"the hook environment could not be built: {exc}", file=sys.stderr)
        return None
    return venv / "bin" / "compilelint"


def edit_precommit_files(project: Path, round_: int) -> None:
    """A commit changed the two files: their cache entries no longer match, the rest of the project's do."""
    for name in PRECOMMIT_FILES:
        with open(project / name, "a", encoding="utf-8") as out:
            out.write(f"# edited for round {round_}\n")


def version_of(argv: Sequence[str]) -> str:
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60).stdout.strip().splitlines()[-1]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-whole-torch", action="store_true", help="skip the whole torch/ package run")
    parser.add_argument("--only-whole-torch", action="store_true",
                        help="the whole torch/ package run only (its time, lines per second and memory)")
    parser.add_argument("--no-torchfix", action="store_true", help="skip TorchFix (about 2 minutes a round)")
    parser.add_argument("--torchfix-rounds", type=int, default=None,
                        help="run TorchFix in the first N rounds only (it takes ~10x the rest of a round)")
    parser.add_argument("--wheels", type=Path, default=None,
                        help="install TorchFix and ruff from this folder of wheels (a machine without network)")
    parser.add_argument("--out", type=Path, default=REPO / "benchmarks" / "results")
    args = parser.parse_args()

    py = sys.executable
    if args.only_whole_torch:
        args.rounds, args.no_torchfix, args.no_whole_torch = 0, True, False
    venv_python = None if args.no_torchfix else ensure_torchfix(args.wheels)
    with tempfile.TemporaryDirectory(prefix="compilelint-speed-") as tmp:
        work = Path(tmp)
        files = build_corpus(work)
        corpus = work / "corpus-m"
        cache = work / "cache"
        project = work / "project"  # a copy of corpus M, for the pre-commit runs that edit it
        copy_tree(corpus, project)
        hook = ensure_hook_venv(work, args.wheels) if args.rounds else None  # the whole-torch run needs none
        lint = [py, "-m", "compilelint", "--isolated", "--statistics", "--exit-zero"]
        flags = ["--isolated", "--statistics", "--exit-zero"]
        tools: Dict[str, List[str]] = {
            "libcst parse floor": [py, "-c", FLOOR, *map(str, files)],
            "compilelint cold -j1": [*lint, "--no-cache", "-j", "1", str(corpus)],
            "compilelint cold -j2": [*lint, "--no-cache", "-j", "2", str(corpus)],
            "compilelint warm": [*lint, "--cache-dir", str(cache), str(corpus)],
            "compilelint 2 files, no cache": [*lint, "--no-cache", *PRECOMMIT_FILES],
            PRECOMMIT + ", this python": [*lint, "--cache-dir", str(work / "project-cache"), *PRECOMMIT_FILES],
        }
        if hook is not None:
            tools[PRECOMMIT] = [str(hook), *flags, "--cache-dir", str(work / "hook-cache"), *PRECOMMIT_FILES]
        in_project = {name for name in tools if "2 files" in name or "2 changed files" in name}
        ruff = VENV / "bin" / "ruff"
        if ruff.exists():
            tools["ruff --select ALL"] = [str(ruff), "check", "--select", "ALL", "--no-cache", "--exit-zero", "-q",
                                          "--isolated", str(corpus)]
        if venv_python:
            tools["TorchFix 0.7.0 -j1"] = [str(VENV / "bin" / "torchfix"), "--select", "ALL", "-j", "1", str(corpus)]
        if args.rounds:
            measure(tools["compilelint warm"], REPO)  # fills the cache and writes compilelint's bytecode
            for name in in_project - {"compilelint 2 files, no cache"}:  # a whole-project run filled the cache
                measure([*tools[name][:tools[name].index("--cache-dir") + 2], "."], project)
        runs: Dict[str, List[Dict[str, float]]] = {name: [] for name in tools}
        for round_ in range(args.rounds):
            for name, argv in tools.items():
                if name.startswith("TorchFix") and args.torchfix_rounds is not None and round_ >= args.torchfix_rounds:
                    continue
                if name.startswith(PRECOMMIT):
                    edit_precommit_files(project, round_)
                runs[name].append(measure(argv, project if name in in_project else REPO))
                print(f"round {round_ + 1}: {name}: {runs[name][-1]['wall']:.2f} s wall", file=sys.stderr)
        whole = None
        if not args.no_whole_torch:
            torch_files = copy_tree(torch_dir(), work / "whole" / "torch")
            argv = [*lint, "--no-cache", "-j", "1", str(work / "whole")]
            one = measure(argv, REPO)
            default_jobs = measure([*lint, "--no-cache", str(work / "whole")], REPO)
            whole = (len(torch_files), lines(torch_files), one, default_jobs)
        report = render(runs, len(files), lines(files), whole, venv_python) if args.rounds else render_whole(whole)
    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"speed-{datetime.date.today().isoformat()}{'-whole-torch' if not args.rounds else ''}.md"
    target.write_text(report, encoding="utf-8")
    print(report)
    print(f"written to {target}", file=sys.stderr)


def render(runs, n_files: int, n_lines: int, whole, venv_python) -> str:
    med = {name: {k: statistics.median(r[k] for r in results) for k in ("wall", "cpu", "rss", "tree")}
           for name, results in runs.items()}
    floor = med["libcst parse floor"]
    cold = med["compilelint cold -j1"]
    rounds = max(len(r) for r in runs.values())
    torch_version = version_of([sys.executable, "-c", "import importlib.metadata as m; print(m.version('torch'))"])
    libcst_version = version_of([sys.executable, "-c", "import importlib.metadata as m; print(m.version('libcst'))"])
    ruff_version = version_of([str(VENV / "bin" / "ruff"), "--version"]) if (VENV / "bin" / "ruff").exists() else "ruff not installed"
    tf_version = version_of([str(VENV / "bin" / "torchfix"), "--version"]) if venv_python else "not installed"
    out = [
        f"# Speed: compilelint on corpus M ({datetime.date.today().isoformat()})",
        "",
        f"Corpus M: torch/{{{','.join(CORPUS_PARTS)}}} of torch {torch_version}"
        f" — {n_files} files, {n_lines:,} lines. Median of {rounds} interleaved rounds, each tool a fresh process"
        + "".join(f" ({name}: {len(r)} round{'s' if len(r) != 1 else ''})" for name, r in runs.items() if len(r) != rounds)
        + ".",
        "",
        f"Machine: {platform.machine()}, {len(os.sched_getaffinity(0))} cores usable, Python {platform.python_version()}, "
        f"load average at the end {os.getloadavg()[0]:.1f}. Versions: compilelint "
        f"{version_of([sys.executable, '-m', 'compilelint', '--version'])} "
        f"({version_of(['git', '-C', str(REPO), 'rev-parse', '--short', 'HEAD'])}), libcst "
        f"{libcst_version}, TorchFix {tf_version}, {ruff_version}.",
        "",
        "| what | wall s | CPU s | peak RSS MB, one process | peak RSS MB, process tree | CPU vs parse floor "
        "| CPU vs compilelint cold |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, m in med.items():
        out.append(f"| {name} | {m['wall']:.2f} | {m['cpu']:.2f} | {m['rss']:.0f} | {m['tree']:.0f} "
                   f"| {m['cpu'] / floor['cpu']:.2f}x "
                   f"| {m['cpu'] / cold['cpu']:.2f}x |")
    out += ["", "## Targets", ""]
    checks = [
        ("cold -j1 CPU ≤ 1.5x the parse floor", cold["cpu"] / floor["cpu"], 1.5, "x"),
        ("-j2 wall ≤ 0.6x of -j1 wall", med["compilelint cold -j2"]["wall"] / cold["wall"], 0.6, "x"),
        ("warm wall ≤ 0.5 s", med["compilelint warm"]["wall"], 0.5, " s"),
        ("2 files wall ≤ 0.35 s (pre-commit: 2 changed files of a cached project"
         + (", from the hook's environment)" if PRECOMMIT in med else ", this python)"),
         med.get(PRECOMMIT, med[PRECOMMIT + ", this python"])["wall"], 0.35, " s"),
    ]
    for text, value, limit, unit in checks:
        out.append(f"- {text}: **{value:.2f}{unit}** — {'met' if value <= limit else 'not met'}")
    if "TorchFix 0.7.0 -j1" in med:
        tf = med["TorchFix 0.7.0 -j1"]
        out.append(f"- TorchFix 0.7.0 `--select ALL -j 1` / compilelint cold -j1: **{tf['cpu'] / cold['cpu']:.1f}x** CPU, "
                   f"{tf['wall'] / cold['wall']:.1f}x wall")
    else:
        out.append("- TorchFix 0.7.0: could not be installed, not measured")
    if whole:
        out += ["", *whole_section(whole)]
    return "\n".join(out) + "\n"


def whole_section(whole) -> List[str]:
    n, n_lines_whole, one, default_jobs = whole
    cores = len(os.sched_getaffinity(0))
    return ["## The whole installed torch/ package", "",
            f"{n:,} files, {n_lines_whole:,} lines, no cache. Peak RSS: of the largest process, and of the sum over "
            "the process tree (main and workers, sampled every 50 ms).", "",
            "| run | wall s | lines/s | CPU s | peak RSS MB, one process | peak RSS MB, process tree |",
            "|---|---:|---:|---:|---:|---:|",
            *(f"| {label} | {m['wall']:.1f} | {n_lines_whole / m['wall']:,.0f} | {m['cpu']:.1f} | {m['rss']:.0f} "
              f"| {m['tree']:.0f} |" for label, m in (("-j1", one), (f"default -j ({cores} cores)", default_jobs)))]


def render_whole(whole) -> str:
    out = [f"# Speed: compilelint on the whole installed torch/ ({datetime.date.today().isoformat()})", "",
           f"Machine: {platform.machine()}, {len(os.sched_getaffinity(0))} cores usable, Python "
           f"{platform.python_version()}, load average at the end {os.getloadavg()[0]:.1f}. compilelint "
           f"{version_of([sys.executable, '-m', 'compilelint', '--version'])} "
           f"({version_of(['git', '-C', str(REPO), 'rev-parse', '--short', 'HEAD'])}).", "", *whole_section(whole)]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
