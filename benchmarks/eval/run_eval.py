"""Measure compilelint on real model code: recall and precision against what dynamo really does.

    python3 benchmarks/eval/run_eval.py                  # install pins, run everything, write the report
    python3 benchmarks/eval/run_eval.py --only torchcrf  # one package (by import folder)
    python3 benchmarks/eval/run_eval.py --heldout        # the held-out group (heldout_targets.py), its own site

1. Installs the pinned packages of targets.py with `pip --no-deps --target` into a git-ignored folder
   (benchmarks/eval/.packages), next to the installed torch: torch is never downloaded.
2. Runs each package's targets under dynamo (dynamo_child.py, one child per package) with the harness'
   capture(): every graph break as (file, line of the innermost frame in the package, GB id), and the
   lines dynamo traced.
3. Lints each package folder with this checkout's compilelint (`--select ALL`, JSON), with the functions
   the targets compile declared as `compiled-roots` (besides nn.Module forwards, which compilelint assumes
   compiled), and once more told nothing, to see what region inference alone gets.
4. Scores it. A break is found when a break finding (a CL1xx code) sits on its (file, line). Precision
   counts only findings on lines dynamo traced: a finding on a line never traced is unknowable, so those
   are counted apart.
Writes benchmarks/results/eval-<date>.md and .json (eval-<date>-SUFFIX with --suffix).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import hashlib
import importlib.metadata
import importlib.util
import inspect
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_SITE = HERE / ".packages"
# the held-out group (heldout_targets.py): packages no rule was tuned on, in a site and a report of their own
HELDOUT_TARGETS = HERE / "heldout_targets.py"
HELDOUT_SITE = HERE / ".packages-heldout"
DEFAULT_OUT = REPO / "benchmarks" / "results"
BREAK_FAMILY = "CL1"  # README: CL1xx rules predict graph breaks; CL2xx+ predict recompiles or give advice


@functools.lru_cache(maxsize=1)
def no_break_rules() -> frozenset:
    """CL1xx rules that predict no graph break (CL155: numpy's RNG traced, only the numbers differ from eager):
    not scored against dynamo's breaks, as in benchmarks/adversarial_eval.py. This checkout's rules."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from compilelint.registry import all_rules

    return frozenset(c for c, r in all_rules().items() if c.startswith(BREAK_FAMILY) and not r.spec.all_gb_ids())
CHILD_TIMEOUT_S = 900
DYNAMO_CACHE = ".dynamo-cache"


def load_targets(path: Path):
    if str(path.parent) not in sys.path:  # heldout_targets.py imports its Package from the targets.py beside it
        sys.path.insert(0, str(path.parent))
    spec = importlib.util.spec_from_file_location("compilelint_eval_targets", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


# ----------------------------------------------------------------------------------------------- install
def install(site: Path, requirements: Sequence[str]) -> None:
    """pip --no-deps --target, once per set of pins (a marker file remembers what is there). A change of pins
    reinstalls everything but keeps the dynamo answers: their keys name the pins they depend on."""
    marker = site / ".installed"
    wanted = "\n".join(sorted(requirements)) + "\n"
    if marker.is_file() and marker.read_text() == wanted:
        return
    site.mkdir(parents=True, exist_ok=True)
    for entry in site.iterdir():
        if entry.name != DYNAMO_CACHE:
            shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                    "--target", str(site), *requirements], check=True)
    marker.write_text(wanted)


# ------------------------------------------------------------------------------------------------ collect
def _env() -> dict:
    # this checkout's compilelint, not whatever an editable install points at
    return dict(os.environ, PYTHONPATH=str(REPO), PYTHONBREAKPOINT="0", PYTHONDONTWRITEBYTECODE="1")


def _targets_source(targets_file: Path, folder: str) -> str:
    """The source a package's dynamo answer depends on: its own builders and the module's functions and classes
    they name (transitively), not the other packages' builders, so that adding a package reruns only that one."""
    targets = load_targets(targets_file)
    if not hasattr(targets, "package"):  # a targets module without the usual shape: all of it
        return targets_file.read_text()
    todo, seen = list(targets.package(folder).targets.values()), []
    while todo:
        obj = todo.pop()
        if obj in seen:
            continue
        seen.append(obj)
        codes = [obj.__code__] if inspect.isfunction(obj) else [
            v.__code__ for v in vars(obj).values() if inspect.isfunction(v)]
        while codes:  # nested functions and classes keep their code objects among the constants
            code = codes.pop()
            codes.extend(c for c in code.co_consts if inspect.iscode(c))
            todo.extend(v for name in code.co_names if (inspect.isfunction(v := getattr(targets, name, None))
                        or inspect.isclass(v)) and v.__module__ == targets.__name__)
    return "".join(inspect.getsource(obj) for obj in seen)


def _dynamo_cache_key(folder: str, targets: Sequence[str], targets_file: Path, requirements: Sequence[str]) -> str:
    """What dynamo's answer depends on: the package's targets, the harness, the pins, python and torch (not the
    rules)."""
    digest = hashlib.sha256(_targets_source(targets_file, folder).encode())
    for path in (HERE / "dynamo_child.py", REPO / "compilelint" / "verify" / "harness.py"):
        digest.update(path.read_bytes())
    try:
        torch_version = importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        torch_version = "?"
    digest.update(json.dumps([folder, list(targets), sorted(requirements), sys.version, torch_version]).encode())
    return f"{folder}-{digest.hexdigest()[:16]}"


def run_dynamo(site: Path, folder: str, targets: Sequence[str], targets_file: Path,
               requirements: Sequence[str] = (), fresh: bool = False) -> dict:
    """One child per package; its answer is kept in the site, keyed on everything it depends on, so a
    rerun after a rule change only lints."""
    cache = site / DYNAMO_CACHE / (_dynamo_cache_key(folder, targets, targets_file, requirements) + ".json")
    if cache.is_file() and not fresh:
        cached = json.loads(cache.read_text())
        return {**_relocated(cached, cached.get("site") or _site_of(cached, folder), site), "cached": True}
    result = _run_dynamo_child(site, folder, targets, targets_file)
    if not result.get("error"):
        cache.parent.mkdir(exist_ok=True)
        cache.write_text(json.dumps({**result, "site": str(site)}))
    return result


def _site_of(result: dict, folder: str) -> Optional[str]:
    """The site an answer cached before answers recorded their site was collected in: the folder above the
    package in its first break or traced line."""
    marker = os.sep + folder + os.sep
    for target in result.get("targets", {}).values():
        for path in [b["filename"] for b in target.get("breaks", ())] + [f for f, _ in target.get("traced_lines", ())]:
            if marker in path:
                return path.split(marker, 1)[0]
    return None


def _relocated(result: dict, old_site: Optional[str], site: Path) -> dict:
    """A cached answer copied along with its site (another worktree's packages folder) names the old site's files:
    point them at this site's copies, so that they are scored as the package's."""
    if not old_site or Path(old_site) == site:
        return result
    prefix = old_site.rstrip(os.sep) + os.sep

    def moved(path: str) -> str:
        return str(site / path[len(prefix):]) if path.startswith(prefix) else path

    targets = {}
    for name, target in result.get("targets", {}).items():
        target = dict(target)
        if "breaks" in target:
            target["breaks"] = [{**b, "filename": moved(b["filename"])} for b in target["breaks"]]
        if "traced_lines" in target:
            target["traced_lines"] = [[moved(f), row] for f, row in target["traced_lines"]]
        targets[name] = target
    return {**result, "targets": targets, "site": str(site)}


def _run_dynamo_child(site: Path, folder: str, targets: Sequence[str], targets_file: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        request, result = Path(tmp) / "request.json", Path(tmp) / "result.json"
        request.write_text(json.dumps({"site": str(site), "package": folder, "targets": list(targets),
                                       "targets_file": str(targets_file)}))
        proc = subprocess.run([sys.executable, str(HERE / "dynamo_child.py"), str(request), str(result)],
                              capture_output=True, text=True, env=_env(), cwd=tmp, timeout=CHILD_TIMEOUT_S)
        if proc.returncode != 0 or not result.exists():
            return {"error": f"dynamo child exited {proc.returncode}: {proc.stderr[-3000:]}", "targets": {}}
        return json.loads(result.read_text())


def run_lint(site: Path, folder: str, roots: Sequence[str] = ()) -> Tuple[List[dict], List[dict]]:
    """(findings, failures). The package folder is the project (cwd = site: our .gitignore of the site does
    not apply). No lint cache: every report is computed from scratch. With roots, a config in the site declares
    them as `compiled-roots` (its folder is the config root). A file compilelint crashes on costs its own findings
    only, and is reported."""
    if roots:
        config = site / f".compilelint-{folder}.toml"
        config.write_text("[tool.compilelint]\ncompiled-roots = [" + ", ".join(json.dumps(r) for r in roots) + "]\n")
        settings = ["--config", str(config)]
    else:
        settings = ["--isolated"]
    with tempfile.TemporaryDirectory() as tmp:
        out, failures = Path(tmp) / "findings.json", Path(tmp) / "failures.json"
        proc = subprocess.run([sys.executable, str(HERE / "lint_child.py"), str(failures), "--", *settings,
                               "--select", "ALL", "--output-format", "json", "--exit-zero", "--no-cache", "-o", str(out),
                               folder],
                              capture_output=True, text=True, env=_env(), cwd=site, timeout=CHILD_TIMEOUT_S)
        if proc.returncode != 0 or not out.exists():
            raise RuntimeError(f"compilelint failed on {folder} ({proc.returncode}): {proc.stderr[-3000:]}")
        return json.loads(out.read_text()), json.loads(failures.read_text())


# ------------------------------------------------------------------------------------------------- score
def _inside(path: str, root: Path) -> bool:
    return Path(path).resolve().is_relative_to(root)


def _source_line(path: str, row: int, cache: Dict[str, List[str]]) -> str:
    if path not in cache:
        try:
            cache[path] = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[row - 1].strip() if 0 < row <= len(lines) else ""


def _short(path: str) -> str:
    """A file of torch, another installed package or the standard library, named from its package."""
    for marker in ("/site-packages/", f"/python{sys.version_info.major}.{sys.version_info.minor}/"):
        if marker in path:
            return path.rsplit(marker, 1)[1]
    return path


def score_package(root: Path, dynamo: dict, findings: Iterable[dict]) -> dict:
    """Breaks and findings of one package -> counts, matched and unmatched lists (paths relative to root's parent)."""
    root = root.resolve()
    site = root.parent
    sources: Dict[str, List[str]] = {}

    def rel(path: str) -> str:
        resolved = Path(path).resolve()
        return resolved.relative_to(site).as_posix() if resolved.is_relative_to(site) else str(resolved)

    breaks: Dict[Tuple[str, int], dict] = {}
    outside: Dict[Tuple[str, int], dict] = {}
    traced: Set[Tuple[str, int]] = set()
    failed = {}
    for name, result in sorted(dynamo.get("targets", {}).items()):
        if not result.get("ok"):
            failed[name] = result.get("error", "")
            continue
        traced.update((rel(f), r) for f, r in result["traced_lines"])
        for b in result["breaks"]:
            key = (rel(b["filename"]), b["row"])
            into = breaks if _inside(b["filename"], root) else outside
            entry = into.setdefault(key, {"file": key[0], "line": key[1], "gb_ids": [], "gb_types": [],
                                          "targets": [], "frame_skipped": False,
                                          "source": _source_line(b["filename"], b["row"], sources)})
            if b["gb_id"] and b["gb_id"] not in entry["gb_ids"]:
                entry["gb_ids"].append(b["gb_id"])
                entry["gb_types"].append(b["gb_type"])
            if not b["gb_id"] and b["gb_type"] not in entry["gb_types"]:
                entry["gb_types"].append(b["gb_type"])
            if name not in entry["targets"]:
                entry["targets"].append(name)
            entry["frame_skipped"] |= bool(b["frame_skipped"])
            inner = b.get("innermost")  # answers cached before the harness recorded it have none
            if inner and not _inside(inner[0], root) and "inside" not in entry:
                entry["inside"] = f"{_short(rel(inner[0]))}:{inner[1]}"
    for key in breaks:
        traced.add(key)  # a break line is traced by definition, even when the log line for it is missing

    unique: Dict[Tuple[str, int, str], dict] = {}
    for f in findings:
        key = (rel(f["filename"]), f["location"]["row"], f["code"])
        unique.setdefault(key, f)
    by_line: Dict[Tuple[str, int], List[dict]] = defaultdict(list)
    other_codes: Counter = Counter()
    for (path, row, code), f in sorted(unique.items()):
        if code.startswith(BREAK_FAMILY) and code not in no_break_rules():
            by_line[(path, row)].append({"code": code, "gb_types": f.get("gb_types") or [],
                                         "message": f["message"], "source": _source_line(f["filename"], row, sources)})
        else:
            other_codes[code] += 1

    found, missed = [], []
    for key, entry in sorted(breaks.items()):
        here = by_line.get(key, [])
        entry["findings"] = [f["code"] for f in here]
        entry["gb_id_predicted"] = any(set(f["gb_types"]) & set(entry["gb_ids"]) for f in here)
        if here:
            found.append(entry)
        else:
            near = [f"{code}@{row}" for (path, row), fs in by_line.items() if path == key[0]
                    and abs(row - key[1]) <= 3 for code in [x["code"] for x in fs]]
            entry["nearby_findings"] = sorted(near)
            missed.append(entry)

    true_positive, false_positive, untraced = [], [], []
    for key, fs in sorted(by_line.items()):
        for f in fs:
            item = {"file": key[0], "line": key[1], **f}
            if key in breaks:
                true_positive.append(item)
            elif key in traced:
                false_positive.append(item)
            else:
                untraced.append(item)
    return {
        "targets_ok": sorted(n for n, r in dynamo.get("targets", {}).items() if r.get("ok")),
        "targets_failed": failed,
        "child_error": dynamo.get("error"),
        "seconds": {n: r.get("seconds") for n, r in dynamo.get("targets", {}).items()},
        "graphs": sum(r.get("graphs", 0) for r in dynamo.get("targets", {}).values() if r.get("ok")),
        "recompiles": sum(len(r.get("recompiles", [])) for r in dynamo.get("targets", {}).values() if r.get("ok")),
        "traced_lines": len(traced),
        "breaks": len(breaks),
        "found": found,
        "missed": missed,
        "outside_breaks": list(outside.values()),
        "true_positives": true_positive,
        "false_positives": false_positive,
        "untraced_findings": untraced,
        "other_findings": dict(other_codes),
    }


def _ratio(num: int, den: int) -> Optional[float]:
    return round(num / den, 3) if den else None


def summarize(packages: Dict[str, dict]) -> dict:
    breaks = sum(p["breaks"] for p in packages.values())
    found = sum(len(p["found"]) for p in packages.values())
    tp = sum(len(p["true_positives"]) for p in packages.values())
    fp = sum(len(p["false_positives"]) for p in packages.values())
    by_gb: Dict[str, Counter] = defaultdict(Counter)
    by_code: Dict[str, Counter] = defaultdict(Counter)
    for p in packages.values():
        for entry, hit in [(e, True) for e in p["found"]] + [(e, False) for e in p["missed"]]:
            gb = entry["gb_ids"][0] if entry["gb_ids"] else "(no id)"
            by_gb[gb]["breaks"] += 1
            by_gb[gb]["found"] += hit
        for kind in ("true_positives", "false_positives", "untraced_findings"):
            for f in p[kind]:
                by_code[f["code"]][kind] += 1
    gb_names = {}
    for p in packages.values():
        for entry in p["found"] + p["missed"]:
            if entry["gb_ids"]:
                gb_names.setdefault(entry["gb_ids"][0], entry["gb_types"][0])
    return {
        "breaks": breaks,
        "found": found,
        "recall": _ratio(found, breaks),
        "findings_on_traced_lines": tp + fp,
        "true_positives": tp,
        "false_positives": fp,
        "precision": _ratio(tp, tp + fp),
        "untraced_findings": sum(len(p["untraced_findings"]) for p in packages.values()),
        "outside_breaks": sum(len(p["outside_breaks"]) for p in packages.values()),
        "by_gb_id": {gb: {"type": gb_names.get(gb, ""), "breaks": c["breaks"], "found": c["found"],
                          "recall": _ratio(c["found"], c["breaks"])} for gb, c in sorted(by_gb.items())},
        "by_code": {code: {"true_positives": c["true_positives"], "false_positives": c["false_positives"],
                           "untraced": c["untraced_findings"],
                           "precision": _ratio(c["true_positives"], c["true_positives"] + c["false_positives"])}
                    for code, c in sorted(by_code.items())},
    }


# ------------------------------------------------------------------------------------------------ report
def _fmt(value: Optional[float]) -> str:
    return "–" if value is None else f"{value:.3f}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("`", "'")


def _package_scores(report: dict) -> Dict[str, Tuple[Optional[float], Optional[float]]]:
    scores = {}
    for name, p in report["packages"].items():
        tp, fp = len(p["true_positives"]), len(p["false_positives"])
        scores[name] = (_ratio(len(p["found"]), p["breaks"]), _ratio(tp, tp + fp))
    return scores


def comparison(before: dict, after: dict) -> List[str]:
    """Recall and precision of an earlier report (`--compare`) next to this one's, for the packages in both."""
    old, new = _package_scores(before), _package_scores(after)
    shared = [name for name in new if name in old]
    old_total = summarize({name: before["packages"][name] for name in shared})
    new_total = summarize({name: after["packages"][name] for name in shared})
    lines = ["", f"## Compared with compilelint `{before['commit']}` ({before['date']})", "",
             "| package | recall before | recall now | precision before | precision now |", "|---|---|---|---|---|"]
    for name in shared:
        lines.append(f"| {name} | {_fmt(old[name][0])} | {_fmt(new[name][0])} | {_fmt(old[name][1])} | "
                     f"{_fmt(new[name][1])} |")
    lines.append(f"| all ({len(shared)} packages) | {_fmt(old_total['recall'])} | {_fmt(new_total['recall'])} | "
                 f"{_fmt(old_total['precision'])} | {_fmt(new_total['precision'])} |")
    return lines


def render_markdown(report: dict) -> str:
    total = report["summary"]
    cached = [name for name, p in report["packages"].items() if p.get("dynamo_cached")]
    lines = [
        f"# compilelint on real model code — {report['date']}",
        "",
        f"compilelint `{report['commit']}` · torch {report['torch']} (CPU) · {report['wall_seconds']:.0f} s wall · "
        f"`python3 benchmarks/eval/run_eval.py`"
        + (" · dynamo answers reused from the cache for: " + ", ".join(cached) if cached else ""),
        "",
        f"**Recall {_fmt(total['recall'])}** ({total['found']} of {total['breaks']} graph breaks have a CL1xx finding "
        f"on the line dynamo reports) · **precision {_fmt(total['precision'])}** ({total['true_positives']} of "
        f"{total['findings_on_traced_lines']} CL1xx findings on traced lines are real breaks) · "
        f"{total['untraced_findings']} findings on lines dynamo never traced (unknowable) · "
        f"{total['outside_breaks']} breaks located outside the package (not scored).",
        "",
        f"Told nothing about what is compiled (no `compiled-roots`: nn.Module forwards assumed, the rest found "
        f"by region inference): recall {_fmt(report['summary_as_is']['recall'])}, precision "
        f"{_fmt(report['summary_as_is']['precision'])}, {report['summary_as_is']['untraced_findings']} untraced findings. "
        f"Roots declared: " + (", ".join(f"`{r}`" for roots in report["roots"].values() for r in roots) or "none") + ".",
        "",
        "| package | targets ok | traced lines | breaks | found | recall | findings on traced | real | precision | untraced findings |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, p in report["packages"].items():
        tp, fp = len(p["true_positives"]), len(p["false_positives"])
        n_targets = len(p["targets_ok"]) + len(p["targets_failed"])
        lines.append(f"| {name} {report['versions'][name]} | {len(p['targets_ok'])}/{n_targets} | {p['traced_lines']} | "
                     f"{p['breaks']} | {len(p['found'])} | {_fmt(_ratio(len(p['found']), p['breaks']))} | {tp + fp} | "
                     f"{tp} | {_fmt(_ratio(tp, tp + fp))} | {len(p['untraced_findings'])} |")
    if report.get("before"):
        lines += comparison(report["before"], report)
    lines += ["", "## By graph-break id", "", "| GB id | type | breaks | found | recall |", "|---|---|---|---|---|"]
    for gb, c in total["by_gb_id"].items():
        lines.append(f"| {gb} | {_cell(c['type'])} | {c['breaks']} | {c['found']} | {_fmt(c['recall'])} |")
    lines += ["", "## By rule", "", "| code | real breaks | false positives | untraced | precision |",
              "|---|---|---|---|---|"]
    for code, c in total["by_code"].items():
        lines.append(f"| {code} | {c['true_positives']} | {c['false_positives']} | {c['untraced']} | {_fmt(c['precision'])} |")

    def rows(kind: str, header: str, render) -> None:
        lines.extend(["", header, ""])
        items = [(name, e) for name, p in report["packages"].items() for e in p[kind]]
        if not items:
            lines.append("None.")
            return
        for name, entry in items:
            lines.append(render(entry))

    rows("missed", "## Missed breaks (no CL1xx finding on the line dynamo reports)", lambda e: (
        f"- `{e['file']}:{e['line']}` {', '.join(e['gb_ids']) or '(no id)'} {_cell(e['gb_types'][0]) if e['gb_types'] else ''}"
        f"{' (frame skipped)' if e['frame_skipped'] else ''} — `{_cell(e['source'])}`"
        f"{' · inside ' + e['inside'] if e.get('inside') else ''}"
        f"{' · nearby: ' + ', '.join(e['nearby_findings']) if e.get('nearby_findings') else ''}"))
    rows("false_positives", "## False positives (finding on a traced line that did not break)", lambda e: (
        f"- `{e['file']}:{e['line']}` {e['code']} — `{_cell(e['source'])}` — {_cell(e['message'])}"))
    rows("found", "## Found breaks", lambda e: (
        f"- `{e['file']}:{e['line']}` {', '.join(e['gb_ids']) or '(no id)'} by {', '.join(e['findings'])}"
        f"{'' if e['gb_id_predicted'] else ' (GB id not predicted)'} — `{_cell(e['source'])}`"))
    only = [f"`{where}`" for found in report["found_only_with_roots"].values() for where in found]
    lines += ["", "## Breaks found only when the roots are declared", "", ", ".join(only) or "None."]
    rows("outside_breaks", "## Breaks located outside the package (not scored)", lambda e: (
        f"- `{e['file']}:{e['line']}` {', '.join(e['gb_ids']) or '(no id)'} from {', '.join(e['targets'])}"))
    failures = [(name, t, err) for name, p in report["packages"].items()
                for t, err in p["targets_failed"].items()] + [
        (name, "(child)", p["child_error"]) for name, p in report["packages"].items() if p["child_error"]]
    crashes = [f"- {name}: `{f['path']}`: `{_cell(f['error'])}` at `{f['where']}`" for name, p in report["packages"].items()
               for f in p.get("lint_failures", [])]
    lines += ["", "## Files compilelint failed on (their findings are missing)", ""] + (crashes or ["None."])
    lines += ["", "## Targets that did not run", ""]
    lines += [f"- {name}/{t}: `{_cell(err.splitlines()[0] if err else '')}`" for name, t, err in failures] or ["None."]
    untraced = Counter(f["code"] for p in report["packages"].values() for f in p["untraced_findings"])
    lines += ["", "## Findings on untraced lines by rule", "",
              ", ".join(f"{code}: {n}" for code, n in sorted(untraced.items())) or "None."]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------------- main
def _git_commit() -> str:
    proc = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--", "compilelint", "rules"],
                           capture_output=True, text=True).stdout.strip()
    return proc.stdout.strip() + ("+dirty" if dirty else "")


def _pins(package) -> Tuple[str, ...]:
    """The package and the light dependencies only it needs (installed with --no-deps like the rest)."""
    return (package.requirement, *getattr(package, "dependencies", ()))


def _roots(package) -> Tuple[str, ...]:
    return tuple(getattr(package, "roots", ()))


def evaluate(targets_file: Path, site: Path, only: Sequence[str] = (), jobs: int = 2, do_install: bool = True,
             fresh: bool = False) -> dict:
    targets = load_targets(targets_file)
    packages = [p for p in targets.PACKAGES if not only or p.folder in only]
    shared = list(targets.DEPENDENCIES)
    requirements = sorted({r for p in targets.PACKAGES for r in _pins(p)} | set(shared))
    if do_install:
        install(site, requirements)
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        # the slowest work first: dynamo children, then the lint runs
        dynamo = {p.folder: pool.submit(run_dynamo, site, p.folder, list(p.targets), targets_file,
                                        [*_pins(p), *shared], fresh) for p in packages}
        as_is = {p.folder: pool.submit(run_lint, site, p.folder) for p in packages}
        declared = {p.folder: pool.submit(run_lint, site, p.folder, _roots(p)) for p in packages if _roots(p)}
        dynamo = {folder: future.result() for folder, future in dynamo.items()}
        as_is = {folder: future.result() for folder, future in as_is.items()}
        declared = {folder: declared[folder].result() if folder in declared else as_is[folder] for folder in as_is}
    scored = {folder: score_package(site / folder, dynamo[folder], declared[folder][0]) for folder in dynamo}
    scored_as_is = {folder: score_package(site / folder, dynamo[folder], as_is[folder][0]) for folder in dynamo}
    for folder, p in scored.items():
        p["lint_failures"] = declared[folder][1]
        p["dynamo_cached"] = bool(dynamo[folder].get("cached"))
    torch_versions = {d.get("torch") for d in dynamo.values() if d.get("torch")}
    return {
        "date": datetime.date.today().isoformat(),
        "commit": _git_commit(),
        "torch": ", ".join(sorted(torch_versions)) or "?",
        "wall_seconds": round(time.perf_counter() - started, 1),
        "versions": {p.folder: p.requirement.split("==")[-1] for p in packages},
        "requirements": {p.folder: p.requirement for p in packages},
        "roots": {p.folder: list(_roots(p)) for p in packages},
        "summary": summarize(scored),
        "packages": scored,
        # the same breaks scored against a lint that is told nothing: region inference alone
        "summary_as_is": summarize(scored_as_is),
        "found_only_with_roots": {folder: [f"{e['file']}:{e['line']}" for e in scored[folder]["found"]
                                           if e not in scored_as_is[folder]["found"]] for folder in scored},
    }


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=(), help="package folders to run (default: all)")
    parser.add_argument("--targets", type=Path, default=HERE / "targets.py", help="the targets module")
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE, help="where the pinned packages are installed")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder for eval-<date>.md/.json")
    parser.add_argument("--jobs", type=int, default=2, help="child processes at once")
    parser.add_argument("--no-install", action="store_true", help="use what is already in --site")
    parser.add_argument("--fresh", action="store_true", help="rerun dynamo even where its answer is cached")
    parser.add_argument("--compare", type=Path, help="an earlier eval-<date>.json: its numbers go next to these")
    parser.add_argument("--suffix", default="", help="report name eval-<date>-SUFFIX (a second report the same day)")
    parser.add_argument("--heldout", action="store_true",
                        help="the held-out group: heldout_targets.py in its own site, report eval-<date>-heldout")
    args = parser.parse_args(argv)
    if args.heldout:
        args.targets = HELDOUT_TARGETS
        args.site = HELDOUT_SITE if args.site == DEFAULT_SITE else args.site
        args.suffix = args.suffix or "heldout"
    report = evaluate(args.targets.resolve(), args.site.resolve(), args.only, args.jobs, not args.no_install,
                      args.fresh)
    if args.compare:
        before = json.loads(args.compare.read_text())
        report["before"] = {key: before[key] for key in ("commit", "date", "packages")}
    args.out.mkdir(parents=True, exist_ok=True)
    stem = args.out / "-".join(filter(None, ["eval", report["date"], args.suffix]))
    stem.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")
    stem.with_suffix(".md").write_text(render_markdown(report))
    total = report["summary"]
    print(f"recall {_fmt(total['recall'])} ({total['found']}/{total['breaks']}) · precision {_fmt(total['precision'])} "
          f"({total['true_positives']}/{total['findings_on_traced_lines']}) · untraced findings "
          f"{total['untraced_findings']} · {report['wall_seconds']:.0f} s → {stem}.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
