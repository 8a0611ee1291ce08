"""Lint-only regression sweep of two checkouts over every held-out group, for a machine without the dynamo caches.

    python3 benchmarks/eval/regress_lint.py BASE_TREE NEW_TREE OUT.txt [group numbers...]

Sites are read from this checkout's benchmarks/eval/.packages-heldoutN (installed as run_eval.py installs them).

Break lines of a group: the union of `found` and `missed` (file, line) over every report JSON in
NEW_TREE/benchmarks/results that names the group. Each checkout lints each package folder with the group's roots
(its run_eval.run_lint); a break line is found by a checkout when a CL1xx break finding sits on it. Reports
lost (base found, new not), gained, and findings the new tree adds or drops on any line (with what is known of it:
a break line, a recorded false positive, or unknown)."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

SITES = Path(__file__).resolve().parent  # the site folders beside this file


def load(tree, tag):
    """The checkout's run_eval module (its run_lint lints with that checkout's compilelint)."""
    spec = importlib.util.spec_from_file_location(f"run_eval_{tag}", Path(tree) / "benchmarks/eval/run_eval.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def main():
    base_tree, new_tree, out = sys.argv[1:4]
    only = {int(a) for a in sys.argv[4:]}
    base, new = load(base_tree, "base"), load(new_tree, "new")
    reports = defaultdict(list)
    for f in (Path(new_tree) / "benchmarks/results").glob("eval-*.json"):
        m = re.search(r"heldout(\d*)(?!\d)", f.name)
        if m:
            reports[int(m.group(1) or 1)].append(f)
    lines, totals = [], defaultdict(int)
    for n in sorted(reports, key=lambda n: -n):
        if only and n not in only:
            continue
        tf = Path(new_tree) / "benchmarks/eval" / ("heldout_targets.py" if n == 1 else f"heldout{n}_targets.py")
        site = SITES / (".packages-heldout" if n == 1 else f".packages-heldout{n}")
        if not tf.exists() or not site.is_dir():
            lines.append(f"- group {n}: no targets or site, skipped")
            continue
        breaks, fps = set(), set()
        for f in reports[n]:
            for folder, p in json.loads(f.read_text()).get("packages", {}).items():
                for b in p.get("found", []) + p.get("missed", []):
                    breaks.add((b["file"], b["line"]))
                for x in p.get("false_positives", []):
                    fps.add((x["file"], x["line"]))
        targets = new.load_targets(tf)
        no_break = new.no_break_rules() | base.no_break_rules()
        for pkg in targets.PACKAGES:
            roots = tuple(getattr(pkg, "roots", ()))
            got = {}
            for tag, mod in (("base", base), ("new", new)):
                try:
                    findings, _ = mod.run_lint(site, pkg.folder, roots)
                except Exception as e:  # noqa: BLE001
                    lines.append(f"- group {n} {pkg.folder}: {tag} lint failed: {str(e)[:200]}")
                    findings = []
                paths = {f["filename"]: (site / f["filename"]).resolve() for f in findings}
                got[tag] = {(paths[f["filename"]].relative_to(site.resolve()).as_posix(), f["location"]["row"], f["code"])
                            for f in findings if f["code"].startswith("CL1") and f["code"] not in no_break
                            and paths[f["filename"]].is_relative_to(site.resolve())}
            found = {tag: {(f, l) for f, l, _ in got[tag]} & breaks for tag in got}
            for key in sorted(found["base"] - found["new"]):
                lines.append(f"- LOST group {n} {key[0]}:{key[1]}")
            for key in sorted(found["new"] - found["base"]):
                lines.append(f"- GAINED group {n} {key[0]}:{key[1]}")
            totals["found_base"] += len(found["base"]); totals["found_new"] += len(found["new"])
            for tag, other, word in (("new", "base", "ADDED"), ("base", "new", "DROPPED")):
                for f, l, c in sorted(got[tag] - got[other]):
                    kind = "break line" if (f, l) in breaks else "recorded FP" if (f, l) in fps else "unknown line"
                    lines.append(f"- {word} group {n} {f}:{l} {c} ({kind})")
        totals["groups"] += 1
        print(f"group {n} done", flush=True)
        write(out, base_tree, new_tree, totals, lines)  # after each group: a run cut short keeps what it compared
    write(out, base_tree, new_tree, totals, lines)


def write(out, base_tree, new_tree, totals, lines):
    Path(out).write_text(f"# regress {base_tree} -> {new_tree}\n\n{dict(totals)}\n\n" + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
