"""`compilelint --verify`: plan targets, run each in its own child process, match, gate. No torch here.

Per target the child (harness.py) runs the original code under dynamo, times it, then the fixed shadow
copy; this module lints the project in-process, matches findings with what dynamo did, and decides
the exit code. A crash, a hang or an exception fails that target only.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from compilelint import __version__
from compilelint.config import Config
from compilelint.verify.match import StaticFinding, counts, match
from compilelint.verify.options import VerifyOptions
from compilelint.verify.shadow import ShadowResult, apply_fixes, copy_project

# exit codes of `compilelint --verify` (2, a usage or setup error, is shared with the linter)
EXIT_OK, EXIT_GATE, EXIT_ERROR, EXIT_TARGET_FAILED = 0, 1, 2, 3
POLL_S = 0.05
FINAL = ("ok", "failed", "fatal")
STARTUP_LIMIT_S = 300.0  # importing torch (and CUDA init) before the per-target timeout starts
PACKAGE_PARENT = str(Path(__file__).resolve().parent.parent.parent)

Progress = Callable[[str, str, Dict[str, Any]], None]


class VerifyError(Exception):
    """A reason `--verify` cannot run at all (exit 2): no torch, no device, no targets."""


def _no_progress(event: str, target: str, info: Dict[str, Any]) -> None:
    pass


def static_findings(config: Config, enabled: Sequence[str], tool_codes: Sequence[str]):
    """Lint the whole project in-process: (findings relative to the root, the set of linted files)."""
    from compilelint.discover import discover
    from compilelint.linter import lint

    root = config.root
    files = discover([str(root)], config).files
    findings = []
    for f in lint(files, config, enabled, tool_codes).findings:
        path = Path(f.path) if os.path.isabs(f.path) else Path.cwd() / f.path
        relative = os.path.relpath(path.resolve(), root).replace(os.sep, "/")
        findings.append(StaticFinding(f.code, relative, f.start.row, f.end.row, f.statement_row, tuple(f.gb_types),
                                      f.message))
    project_files = {os.path.relpath(p.resolve(), root).replace(os.sep, "/") for p in files}
    return findings, project_files


def gpu_slots(device: str) -> List[Optional[str]]:
    """One worker per visible GPU (CUDA_VISIBLE_DEVICES or nvidia-smi), none on CPU."""
    if device == "cpu":
        return []
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        return [v.strip() for v in visible.split(",") if v.strip() and v.strip() != "-1"]
    try:
        listing = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [str(i) for i, line in enumerate(l for l in listing.splitlines() if l.startswith("GPU "))]


def run_child(request: dict, workdir: Path, timeout: float, gpu: Optional[str]) -> dict:
    """Run one target's harness; a timeout, a crash or a kill becomes a failed result with a reason."""
    request_path, result_path, log_path = workdir / "request.json", workdir / "result.json", workdir / "child.log"
    request_path.write_text(json.dumps(request))
    env = dict(os.environ, PYTHONBREAKPOINT="0", PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join(filter(None, [PACKAGE_PARENT, os.environ.get("PYTHONPATH")])),
               TORCHINDUCTOR_CACHE_DIR=str(workdir / "inductor"),  # cold caches: honest compile times
               COMPILELINT_DEVICE="cuda" if gpu is not None else request["device"])
    if gpu is not None:
        env["CUDA_VISIBLE_DEVICES"] = gpu
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "compilelint.verify.harness", str(request_path), str(result_path)],
                                cwd=request["project_root"], env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        launched, started = time.monotonic(), None
        reason = None
        while proc.poll() is None:
            now = time.monotonic()
            if started is None and result_path.exists():
                started = now
            if started is None and now - launched > max(STARTUP_LIMIT_S, timeout):
                reason = f"the child process did not start within {max(STARTUP_LIMIT_S, timeout):.0f}s"
            elif started is not None and now - started > timeout:
                reason = f"timed out after {timeout:g}s"
            if reason:
                if (_read(result_path) or {}).get("status") in FINAL:
                    reason = None  # done, only slow to exit (interpreter shutdown): keep its result
                _kill(proc)
                break
            time.sleep(POLL_S)
    result = _read(result_path) or {"target": request["target"], "status": "running"}
    if reason:
        phase = result.get("phase")
        result.update(status="failed", error=reason + (f" (during {phase})" if phase else ""))
    elif result["status"] == "running":  # the child died without a word: a segfault, an OOM kill, os._exit
        result.update(status="failed", error=_death(proc.returncode, log_path, result.get("phase")))
    return result


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # the child's own session: its workers die with it
    except ProcessLookupError:
        pass
    proc.wait()


def _read(path: Path) -> Optional[dict]:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def _death(returncode: int, log_path: Path, phase: Optional[str]) -> str:
    if returncode < 0:
        name = signal.Signals(-returncode).name if -returncode in signal.valid_signals() else str(-returncode)
        text = f"the child process was killed by {name}" + (" (out of memory?)" if name == "SIGKILL" else "")
    else:
        tail = log_path.read_text(errors="replace").strip().splitlines()[-1:] if log_path.exists() else []
        text = f"the child process exited with code {returncode}" + (f": {tail[0][:300]}" if tail else "")
    return text + (f" (during {phase})" if phase else "")


def _median(run: Optional[dict]) -> Optional[float]:
    return None if not run else run.get("median_ms")


def timing_summary(runs: Dict[str, dict], mode: str) -> dict:
    """The report's `timing` for one mode: medians, compile times, speedups, break-even iterations."""
    eager, before, after = runs.get("eager"), runs.get(f"compiled:{mode}"), runs.get(f"compiled_fixed:{mode}")
    eager_ms, compiled_ms, fixed_ms = _median(eager), _median(before), _median(after)

    def ratio(a, b):
        return round(a / b, 3) if a and b else None

    def break_even(run, ms):
        # calls after which compiling has paid for itself; None when compiled is not faster
        if not run or not eager_ms or ms is None or ms >= eager_ms:
            return None
        return math.ceil(run["compile_s"] * 1000.0 / (eager_ms - ms))

    peaks = [r["peak_mem_mb"] for r in (eager, before, after) if r and r.get("peak_mem_mb") is not None]
    return {
        "eager_ms": eager_ms, "compiled_ms": compiled_ms, "compiled_fixed_ms": fixed_ms,
        "compile_s": before and before["compile_s"], "compile_fixed_s": after and after["compile_s"],
        "speedup": ratio(eager_ms, compiled_ms), "speedup_fixed": ratio(eager_ms, fixed_ms),
        "peak_mem_mb": max(peaks) if peaks else None,
        "break_even_iters": break_even(before, compiled_ms), "break_even_iters_fixed": break_even(after, fixed_ms),
        "spread_ms": {name: [r["p25_ms"], r["p75_ms"]] for name, r in (("eager", eager), ("compiled", before),
                                                                      ("compiled_fixed", after)) if r},
        "repeats": (eager or {}).get("repeats"),
    }


def _phase(run: Optional[dict]) -> Optional[dict]:
    if not run:
        return None
    return {
        "graphs": run["graphs"], "graph_breaks": run["graph_breaks"],
        "breaks": [{k: b[k] for k in ("filename", "row", "gb_id", "gb_type")} for b in run["breaks"]],
        "recompiles": [{"function": r["function"], "failed_guards": r["failed_guards"]} for r in run["recompiles"]],
        "explain": run.get("explain"), "frames_skipped": run["frames_total"] - run["frames_ok"],
    }


def _parity(raw: Optional[dict]) -> Optional[dict]:
    if not raw:
        return None
    checks = {k: v for k, v in raw.items() if isinstance(v, dict)}
    diffs = [c["max_abs_diff"] for c in checks.values() if c.get("max_abs_diff") is not None]
    return {"ok": all(c["ok"] for c in checks.values()), "max_abs_diff": max(diffs) if diffs else None,
            "checks": checks}


def build_entry(result: dict, findings: Sequence[StaticFinding], project_files: set, shadow: Optional[ShadowResult],
                modes: Sequence[str]) -> dict:
    entry: Dict[str, Any] = {"target": result.get("target"), "status": result.get("status", "failed"),
                             "error": result.get("error"), "inputs": result.get("inputs"),
                             "device": (result.get("environment") or {}).get("device"),
                             "gpu_index": result.get("gpu_index")}
    before, after = result.get("before"), result.get("after")
    entry["before"], entry["after"] = _phase(before), _phase(after)
    entry["findings"], entry["missed"] = match(findings, before, project_files) if before else ([], [])
    entry["finding_counts"] = counts(entry["findings"])
    if shadow is not None:
        entry["fixes"] = {"applied": shadow.applied, "changed_files": shadow.changed, "error": shadow.error}
    entry["parity"] = _parity(result.get("parity"))
    runs = result.get("timing_runs") or {}
    entry["timing"] = timing_summary(runs, modes[0])
    if len(modes) > 1:
        entry["timing_by_mode"] = {m: timing_summary(runs, m) for m in modes}
    if entry["status"] != "ok" and result.get("traceback"):
        entry["traceback"] = result["traceback"]
    return entry


def gates(entries: Sequence[dict], options: VerifyOptions) -> List[str]:
    """CI gate failures, one sentence each."""
    failed = []
    for e in entries:
        if e["status"] != "ok":
            continue
        phase = e["after"] or e["before"]
        if options.max_graph_breaks is not None and phase and phase["graph_breaks"] > options.max_graph_breaks:
            failed.append(f"{e['target']}: {phase['graph_breaks']} graph breaks > --max-graph-breaks {options.max_graph_breaks}")
        if options.fail_on_missed and e["missed"]:
            failed.append(f"{e['target']}: {len(e['missed'])} graph break(s) without a finding (--fail-on-missed)")
        speedup = e["timing"]["speedup_fixed"] or e["timing"]["speedup"]
        if options.min_speedup is not None and (speedup is None or speedup < options.min_speedup):
            failed.append(f"{e['target']}: speedup {speedup}x < --min-speedup {options.min_speedup}")
    return failed


def run_verify(config: Config, enabled: Sequence[str], tool_codes: Sequence[str], options: VerifyOptions,
               progress: Progress = _no_progress) -> dict:
    """Run every target; the report (see report.py for its formats) with `exit_code` set."""
    if importlib.util.find_spec("torch") is None:
        raise VerifyError(f"--verify needs torch in this Python ({sys.executable}): pip install torch")
    if not options.targets:
        raise VerifyError("no targets: set [tool.compilelint.verify] targets = [\"pkg.module:function\"] or pass --target")
    findings, project_files = static_findings(config, enabled, tool_codes)
    slots = gpu_slots(options.device)
    if options.device == "cuda" and not slots:
        raise VerifyError("--device cuda, but no GPU is visible (nvidia-smi lists none, or CUDA_VISIBLE_DEVICES is empty)")
    device = "cuda" if slots else "cpu"
    workers: List[Optional[str]] = list(slots) if slots else [None] * options.jobs
    with tempfile.TemporaryDirectory(prefix="compilelint-verify-") as tmp:
        shadow = _shadow(config, enabled, tool_codes, Path(tmp), options)
        progress("shadow", "", {"shadow": shadow and asdict(shadow)})
        results = _run_all(config.root, shadow, Path(tmp), workers, device, options, progress)
        fatal = next((r for r in results.values() if r.get("status") == "fatal"), None)
        if fatal is not None:
            raise VerifyError(fatal["error"])
    entries = [build_entry(results[t], findings, project_files, shadow, options.modes)
               for t in dict.fromkeys(options.targets)]
    gate_failures = gates(entries, options)
    exit_code = EXIT_TARGET_FAILED if any(e["status"] != "ok" for e in entries) else EXIT_GATE if gate_failures else EXIT_OK
    environment = next((r["environment"] for r in results.values() if r.get("environment")), {"compilelint": __version__})
    return {
        "compilelint": __version__, "environment": environment, "project_root": str(config.root),
        "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(options).items()},
        "fixes": None if shadow is None else {"applied": shadow.applied, "changed_files": shadow.changed,
                                              "diff": shadow.diff, "error": shadow.error},
        "targets": entries, "gate_failures": gate_failures, "exit_code": exit_code,
    }


def _shadow(config: Config, enabled: Sequence[str], tool_codes: Sequence[str], tmp: Path,
            options: VerifyOptions) -> Optional[ShadowResult]:
    if not options.fix:
        return None
    root, skip = config.root, []
    if options.report_dir:
        report = (root / options.report_dir).resolve()
        if report.parent == root.resolve():
            skip.append(report.name)
    copy_project(root, tmp / "shadow", skip)
    return apply_fixes(tmp / "shadow", config, enabled, tool_codes, options.unsafe_fixes or config.unsafe_fixes)


def _run_all(root: Path, shadow: Optional[ShadowResult], tmp: Path, workers: List[Optional[str]], device: str,
             options: VerifyOptions, progress: Progress) -> Dict[str, dict]:
    """One thread per worker slot (a GPU, or a CPU job); each takes targets from a shared queue."""
    todo: "queue.Queue[tuple]" = queue.Queue()
    for index, target in enumerate(dict.fromkeys(options.targets)):
        todo.put((index, target))
    results: Dict[str, dict] = {}
    rerun = shadow is not None and shadow.applied and bool(shadow.changed)

    def work(gpu: Optional[str]) -> None:
        while True:
            try:
                index, target = todo.get_nowait()
            except queue.Empty:
                return
            progress("start", target, {"gpu": gpu})
            workdir = tmp / f"target-{index}"
            workdir.mkdir()
            request = {"mode": "target", "target": target, "project_root": str(root),
                       "shadow_root": str(shadow.root) if rerun else None, "device": device,
                       "backend": options.backend, "modes": list(options.modes), "repeats": options.repeats,
                       "warmup": options.warmup}
            results[target] = run_child(request, workdir, options.timeout, gpu)
            results[target]["gpu_index"] = gpu
            progress("done", target, results[target])

    threads = [threading.Thread(target=work, args=(gpu,), daemon=True) for gpu in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
