"""How precise are the findings the eval cannot score? Make dynamo trace a sample of them and see.

The eval (benchmarks/eval/run_eval.py) scores a finding only on a line its targets traced; the rest are
"untraced (unknowable)". This audits a fixed random sample of those: each sampled finding gets a driver
(benchmarks/untraced_audit/drivers.py) that builds the smallest real object of the installed package and
calls the code holding the line under torch.compile, with the harness' capture() (graph_breaks artifact).

    python3 benchmarks/untraced_audit.py sample --reports /tmp/evalbase-c      # draw the sample (seeded)
    python3 benchmarks/untraced_audit.py run                                    # run the drivers, score
    python3 benchmarks/untraced_audit.py run --reports DIR                      # also: which sampled findings
                                                                                # a newer lint still reports

Verdicts per sampled finding: `break` (dynamo broke on that line: a true positive, its GB ids kept),
`no-break` (the line was traced and did not break: a false positive), `not-traced` (the driver ran but
never reached the line), `error` (the driver failed), `unreachable` (no driver: the reason is recorded).
Precision on the sample = break / (break + no-break).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, List, Optional

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
AUDIT = HERE / "untraced_audit"
SAMPLE = AUDIT / "sample.json"
RESULTS = AUDIT / "results.json"
SITES = REPO / "benchmarks" / "eval"
MAIN_SITES = Path("/work/main/benchmarks/eval")  # the populated package sites, shared by every worktree
SEED = 20261127
CHILD_TIMEOUT_S = 1800
NEARBY_LINES = 6


def group_of(report: Path) -> Optional[str]:
    """eval-DATE-final.json -> "final" (the 22-package eval), eval-DATE-heldoutN.json -> "heldoutN"."""
    stem = report.stem
    for group in ("final", "heldout"):
        if f"-{group}" in stem:
            return stem[stem.index(f"-{group}") + 1:]
    return None


def site_of(group: str) -> Path:
    folder = ".packages" if group == "final" else f".packages-{group}"
    local = SITES / folder
    return local if local.is_dir() else MAIN_SITES / folder


def key_of(item: dict) -> str:
    return f"{item['group']}:{item['file']}:{item['line']}:{item['code']}"


def untraced_findings(reports: Path) -> List[dict]:
    items = []
    for report in sorted(reports.glob("eval-*.json")):
        group = group_of(report)
        if group is None:
            continue
        data = json.loads(report.read_text())
        for package, scored in sorted(data["packages"].items()):
            for f in scored["untraced_findings"]:
                items.append({"group": group, "package": package, "file": f["file"], "line": f["line"],
                              "code": f["code"], "gb_types": f["gb_types"], "source": f["source"],
                              "message": f["message"]})
    return items


def draw(items: List[dict], size: int, seed: int) -> List[dict]:
    """Stratified by rule code (each code gets a share proportional to its count, at least one), and inside a
    code spread over packages: packages in random order, one finding each, round after round."""
    rng = random.Random(seed)
    by_code: Dict[str, List[dict]] = defaultdict(list)
    for item in items:
        by_code[item["code"]].append(item)
    picked = []
    for code in sorted(by_code):
        population = by_code[code]
        share = min(len(population), max(1, round(size * len(population) / len(items))))
        by_package: Dict[str, List[dict]] = defaultdict(list)
        for item in population:
            by_package[(item["group"], item["package"])].append(item)
        pools = [by_package[p] for p in sorted(by_package)]
        for pool in pools:
            rng.shuffle(pool)
        rng.shuffle(pools)
        chosen: List[dict] = []
        while len(chosen) < share:
            for pool in pools:
                if pool and len(chosen) < share:
                    chosen.append(pool.pop())
        picked.extend(chosen)
    counts = Counter(item["code"] for item in items)
    for item in picked:
        item["population_of_code"] = counts[item["code"]]
    return picked


# ------------------------------------------------------------------------------------------------ run
def _child(group: str, keys: List[str], out: Path) -> None:
    """In a child: import the group's site, build each driver, capture, write the raw results."""
    site = site_of(group)
    sys.path.insert(0, str(site))
    sys.path.insert(0, str(REPO))
    sys.path.insert(0, str(AUDIT))
    import drivers  # noqa: E402
    from compilelint.verify.harness import capture  # noqa: E402

    sample = {key_of(item): item for item in json.loads(SAMPLE.read_text())}
    by_driver: Dict[str, List[str]] = defaultdict(list)
    for key in keys:
        by_driver[drivers.DRIVERS[key].__name__].append(key)
    results = {}
    for name, driven in by_driver.items():
        build = drivers.DRIVERS[driven[0]]
        package = sample[driven[0]]["package"]
        try:
            made = build()
            fn, calls, kwargs = made[0], [tuple(a) for a in made[1]], (made[2] if len(made) > 2 else {})
            result = capture(fn, calls, str(site / package), kwargs=kwargs)
        except Exception as exc:  # one driver that fails must not hide the others
            for key in driven:
                results[key] = {"verdict": "error", "driver": name, "error": f"{type(exc).__name__}: {exc}"[:500]}
            continue
        traced = {(os.path.relpath(f, site), r) for f, r in result["traced_lines"]}
        for key in driven:
            item = sample[key]
            where = (item["file"], item["line"])
            ids = sorted({b["gb_id"] or b["gb_type"] for b in result["breaks"]
                          if (os.path.relpath(b["filename"], site), b["row"]) == where})
            verdict = "break" if ids else "no-break" if where in traced else "not-traced"
            # breaks a few lines around it in the same file: where a misplaced finding's break really is
            nearby = sorted({(b["row"], b["gb_id"] or b["gb_type"]) for b in result["breaks"]
                             if os.path.relpath(b["filename"], site) == item["file"]
                             and 0 < abs(b["row"] - item["line"]) <= NEARBY_LINES})
            results[key] = {"verdict": verdict, "driver": name, "gb_ids": ids, "breaks_nearby": nearby}
    out.write_text(json.dumps(results))


def run_drivers(only: Optional[List[str]] = None) -> Dict[str, dict]:
    sys.path.insert(0, str(AUDIT))
    import drivers

    sample = json.loads(SAMPLE.read_text())
    results: Dict[str, dict] = {}
    by_group: Dict[str, List[str]] = defaultdict(list)
    for item in sample:
        key = key_of(item)
        if key in drivers.UNREACHABLE:
            results[key] = {"verdict": "unreachable", "reason": drivers.UNREACHABLE[key]}
        elif key not in drivers.DRIVERS:
            results[key] = {"verdict": "unreachable", "reason": "no driver yet"}
        elif not only or any(o in key for o in only):
            by_group[item["group"]].append(key)
    for group, keys in sorted(by_group.items()):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.json"
            env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONBREAKPOINT="0", PYTHONDONTWRITEBYTECODE="1")
            proc = subprocess.run([sys.executable, __file__, "child", group, str(out), *keys], capture_output=True,
                                  text=True, env=env, cwd=tmp, timeout=CHILD_TIMEOUT_S)
            if proc.returncode or not out.exists():
                for key in keys:
                    results[key] = {"verdict": "error", "error": proc.stderr[-800:]}
                continue
            results.update(json.loads(out.read_text()))
    return results


def still_reported(reports: Path, sample: List[dict]) -> Dict[str, bool]:
    """Whether a (newer) lint's reports still have each sampled finding, on traced lines or not."""
    present = set()
    for report in sorted(reports.glob("eval-*.json")):
        group = group_of(report)
        if group is None:
            continue
        for scored in json.loads(report.read_text())["packages"].values():
            for kind in ("untraced_findings", "false_positives", "true_positives"):
                for f in scored.get(kind, ()):
                    present.add(f"{group}:{f['file']}:{f['line']}:{f['code']}")
    return {key_of(item): key_of(item) in present for item in sample}


def summarize(sample: List[dict], results: Dict[str, dict], reported: Optional[Dict[str, bool]] = None) -> str:
    rows: Dict[str, Counter] = defaultdict(Counter)
    for item in sample:
        key = key_of(item)
        verdict = results.get(key, {}).get("verdict", "unreachable")
        if not item["gb_types"]:  # a rule that predicts no break (CL155): run_eval.py no longer scores it
            verdict = "no break predicted"
        if reported is not None and not reported[key] and verdict != "no break predicted":
            verdict = {"break": "break-lost", "no-break": "fp-gone"}.get(verdict, verdict + "-gone")
        rows[item["code"]][verdict] += 1
        rows["all"][verdict] += 1
    lines = ["| code | sampled | break | no-break (FP) | not-traced | error | unreachable | no break predicted "
             "| precision |", "|---|---|---|---|---|---|---|---|---|"]
    for code in sorted(rows, key=lambda c: (c == "all", c)):
        c = rows[code]
        tp, fp = c["break"], c["no-break"]
        gone = f" (FP gone {c['fp-gone']}, breaks lost {c['break-lost']})" if reported is not None else ""
        precision = f"{tp / (tp + fp):.3f}" if tp + fp else "-"
        unresolved = sum(v for k, v in c.items() if k.startswith("unreachable"))
        lines.append(f"| {code} | {sum(c.values())} | {tp} | {fp} | {c['not-traced'] + c['not-traced-gone']} | "
                     f"{c['error'] + c['error-gone']} | {unresolved} | {c['no break predicted']} | {precision}{gone} |")
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    drawn = sub.add_parser("sample", help="draw the sample from eval reports")
    drawn.add_argument("--reports", type=Path, required=True, help="a folder of eval-*.json reports")
    drawn.add_argument("--size", type=int, default=100)
    drawn.add_argument("--seed", type=int, default=SEED)
    ran = sub.add_parser("run", help="run the drivers and score the sample")
    ran.add_argument("--only", nargs="*", help="keys containing one of these (default: all)")
    ran.add_argument("--reports", type=Path, help="eval reports of a newer lint: mark sampled findings it dropped")
    child = sub.add_parser("child")
    child.add_argument("group")
    child.add_argument("out", type=Path)
    child.add_argument("keys", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "child":
        _child(args.group, args.keys, args.out)
        return 0
    if args.command == "sample":
        population = untraced_findings(args.reports)
        sample = draw(population, args.size, args.seed)
        AUDIT.mkdir(exist_ok=True)
        SAMPLE.write_text(json.dumps(sample, indent=1) + "\n")
        print(f"{len(sample)} of {len(population)} untraced findings -> {SAMPLE}")
        return 0
    sample = json.loads(SAMPLE.read_text())
    results = run_drivers(args.only)
    if args.only and RESULTS.is_file():  # a partial run updates the recorded results (and every unreachable one)
        results = {**json.loads(RESULTS.read_text()), **{k: v for k, v in results.items()
                                                         if v["verdict"] == "unreachable"
                                                         or any(o in k for o in args.only)}}
    RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    reported = still_reported(args.reports, sample) if args.reports else None
    print(summarize(sample, results, reported))
    return 0


if __name__ == "__main__":
    sys.exit(main())
