"""Lint-only score of a checkout told nothing (no `compiled-roots`) against every group's recorded breaks.

    python3 benchmarks/eval/told_nothing.py lint TREE OUT.json [group numbers...]
    python3 benchmarks/eval/told_nothing.py compare BEFORE.json AFTER.json OUT.md

`lint`: TREE's run_eval.run_lint lints each package folder of each group (sites: this checkout's
benchmarks/eval/.packages-heldoutN) with no configuration, and OUT.json keeps its CL1xx break findings per group.
`compare`: scores both dumps on the break lines and false-positive lines recorded in this checkout's report JSONs
(as regress_lint.py reads them). A break is found when a break finding sits on its line; precision is break lines
over break lines plus recorded false-positive lines with a finding. A finding on any other line (untraced, or
traced and never flagged by a lint with roots) is counted apart as unknown: dynamo alone can judge it."""
from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from regress_lint import SITES, load

RESULTS = SITES.parent.parent / "benchmarks" / "results"


def recorded():
    """{group: (break lines, false-positive lines)} from every report JSON that names the group."""
    out = defaultdict(lambda: (set(), set()))
    for f in RESULTS.glob("eval-*.json"):
        m = re.search(r"heldout(\d*)(?!\d)", f.name)
        if not m:
            continue
        breaks, fps = out[int(m.group(1) or 1)]
        for p in json.loads(f.read_text()).get("packages", {}).values():
            breaks.update((b["file"], b["line"]) for b in p.get("found", []) + p.get("missed", []))
            fps.update((x["file"], x["line"]) for x in p.get("false_positives", []))
    return out


def lint(tree, out, only):
    mod = load(tree, "tree")
    no_break = mod.no_break_rules()
    dump = json.loads(Path(out).read_text()) if Path(out).exists() else {}
    for n in sorted(recorded()):
        if (only and n not in only) or str(n) in dump:
            continue
        tf = SITES / ("heldout_targets.py" if n == 1 else f"heldout{n}_targets.py")
        site = SITES / (".packages-heldout" if n == 1 else f".packages-heldout{n}")
        if not tf.exists() or not site.is_dir():
            continue
        found = []
        for pkg in mod.load_targets(tf).PACKAGES:
            try:
                findings, _ = mod.run_lint(site, pkg.folder)
            except Exception as e:  # noqa: BLE001
                print(f"group {n} {pkg.folder}: lint failed: {str(e)[:200]}", flush=True)
                continue
            for f in findings:
                path = (site / f["filename"]).resolve()
                if f["code"].startswith("CL1") and f["code"] not in no_break and path.is_relative_to(site.resolve()):
                    found.append([path.relative_to(site.resolve()).as_posix(), f["location"]["row"], f["code"]])
        dump[str(n)] = found
        Path(out).write_text(json.dumps(dump) + "\n")  # after each group: a run cut short keeps what it linted
        print(f"group {n} done", flush=True)


def score(dump, rec):
    total, per = defaultdict(int), {}
    for n, found in dump.items():
        breaks, fps = rec[int(n)]
        lines = {(f, l) for f, l, _ in found}
        row = {"breaks": len(breaks), "found": len(lines & breaks), "fp": len(lines & fps - breaks),
               "unknown": len(lines - breaks - fps)}
        per[int(n)] = row
        for k, v in row.items():
            total[k] += v
    return total, per


def compare(before, after, out):
    rec = recorded()
    dumps = [json.loads(Path(p).read_text()) for p in (before, after)]
    groups = sorted(set(dumps[0]) & set(dumps[1]), key=int)
    (tb, pb), (ta, pa) = (score({g: d[g] for g in groups}, rec) for d in dumps)

    def fmt(t):
        tp, fp = t["found"], t["fp"]
        prec = f"{tp}/{tp + fp} = {tp / (tp + fp):.3f}" if tp + fp else "–"
        return f"recall {t['found']}/{t['breaks']} = {t['found'] / max(t['breaks'], 1):.3f} · precision {prec} · unknown {t['unknown']}"

    lines = [f"# told nothing, lint-only: {before} -> {after}", "", f"- before: {fmt(tb)}", f"- after: {fmt(ta)}", "",
             "| group | breaks | found before | found after | recorded FP before | after | unknown before | after |",
             "|---|---|---|---|---|---|---|---|"]
    for g in groups:
        b, a = pb[int(g)], pa[int(g)]
        lines.append(f"| {g} | {b['breaks']} | {b['found']} | {a['found']} | {b['fp']} | {a['fp']} | {b['unknown']} | "
                     f"{a['unknown']} |")
    lines += ["", "Lines that changed:", ""]
    for g in groups:
        breaks, fps = rec[int(g)]
        sets = [{(f, l): c for f, l, c in d[g]} for d in dumps]
        for key in sorted(set(sets[0]) ^ set(sets[1])):
            kind = "break line" if key in breaks else "recorded FP" if key in fps else "unknown line"
            word = "GAINED" if key in sets[1] else "LOST"
            lines.append(f"- {word} group {g} {key[0]}:{key[1]} {sets[1].get(key) or sets[0].get(key)} ({kind})")
    Path(out).write_text("\n".join(lines) + "\n")
    print("\n".join(lines[2:4]))


if __name__ == "__main__":
    if sys.argv[1] == "lint":
        lint(sys.argv[2], sys.argv[3], {int(a) for a in sys.argv[4:]})
    else:
        compare(*sys.argv[2:5])
