"""Why breaks found with the targets' roots are missed told nothing: the region each sits in, both ways.

    python3 benchmarks/eval/region_census.py TOLD_NOTHING.json OUT.json [group numbers...]

TOLD_NOTHING.json: a `told_nothing.py lint` dump of this checkout. For each group, the breaks its newest
after-tuning report found with roots (report JSON `found`) that the dump has no finding on (a group the dump
lacks: the report's own `found_only_with_roots`). Each such line's
enclosing function is looked up in the regions solved over the package's own facts (the facts of other packages
of the site, which a lint reads as context, are left out), with the group's roots and told nothing: the entry and the chain of functions that reach it with roots, whether told nothing
reaches it (and how), and the project functions that call it (resolved calls, reversed)."""
from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

from regress_lint import SITES, load

REPO = SITES.parent.parent
sys.path.insert(0, str(REPO))

from compilelint.linter import SourceFile, module_name, parse_and_lint  # noqa: E402
from compilelint.regions import ProjectRegions  # noqa: E402

# groups whose newest after-tuning numbers are a package rerun on top of the group's report
EXTRA = {8: "eval-2026-11-29r-misses-after-heldout8-pykeen.json", 27: "eval-2026-11-29r-misses-after-heldout27-torch_ppr.json"}
SKIP = re.compile(r"before|-part-|five-packages|fps-|xclass|pykeen|torch_ppr")


def newest_report(n):
    names = [f for f in (REPO / "benchmarks/results").glob("eval-*.json")
             if (m := re.search(r"heldout(\d*)(?!\d)", f.name)) and int(m.group(1) or 1) == n and not SKIP.search(f.name)]
    rank = lambda f: (f.name[5:16].rstrip("-"), "integ" in f.name or "final" in f.name, "after" in f.name)  # noqa: E731
    return max(names, key=rank)


def enclosing(tree, line):
    """Qualname of the innermost def around `line` ("Class.method", "f.inner" as facts name nested defs)."""
    best = None

    def walk(node, prefix):
        nonlocal best
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if child.lineno <= line <= child.end_lineno:
                    if not isinstance(child, ast.ClassDef):
                        best = name
                    walk(child, name + ".")
            else:
                walk(child, prefix)

    walk(tree, "")
    return best


def facts_of(site, folder):
    """The engine's facts of the package's files (every file parsed, no check run) and their trees."""
    facts, trees = [], {}
    for path in sorted((site / folder).rglob("*.py")):
        shown = path.relative_to(site).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        result = parse_and_lint(SourceFile(shown, text), *module_name(path), [])
        if result.error is None:
            facts.append(result.facts)
            trees[shown] = ast.parse(text)
    return facts, trees


def main():
    dump = json.loads(Path(sys.argv[1]).read_text())
    only = {int(a) for a in sys.argv[3:]}
    mod = load(REPO, "tree")
    out = []
    for n in range(1, 66):
        if only and n not in only:
            continue
        told = {(f, l) for f, l, _ in dump[str(n)]} if str(n) in dump else None
        reports = [REPO / "benchmarks/results" / EXTRA[n]] if n in EXTRA else []
        reports.append(newest_report(n))
        report, data_only = {}, {}
        for f in reversed(reports):  # the package rerun wins
            data = json.loads(f.read_text())
            report.update({k: (v, data["roots"].get(k, []), f.name) for k, v in data["packages"].items()})
            data_only.update(data["found_only_with_roots"])
        site = (SITES / (".packages-heldout" if n == 1 else f".packages-heldout{n}")).resolve()
        for folder, (p, roots, name) in report.items():
            missed = {tuple(s.rsplit(":", 1)) for s in data_only[folder]} if told is None else None
            lines = [b for b in p["found"] if ((b["file"], b["line"]) not in told if told is not None
                                               else (b["file"], str(b["line"])) in missed)]
            if not lines:
                continue
            facts, trees = facts_of(site, folder)
            with_roots, bare = ProjectRegions(facts, roots=roots), ProjectRegions(facts)
            callers = bare.callers()
            for b in lines:
                fn = enclosing(trees[b["file"]], b["line"]) if b["file"] in trees else None
                key = (b["file"], fn)
                r, t = with_roots.compiled.get(key), bare.compiled.get(key)
                chain = [*r.reached_via, fn] if r else []
                # the first function on the way from the root that told nothing does not reach, and the one before it
                # (reached_via names functions without their files: a name told nothing reaches in any file counts)
                reached_names = {k[1] for k in bare.compiled}
                cut = next((i for i, f in enumerate(chain) if f not in reached_names), None)
                out.append({"group": n, "report": name, "folder": folder, "file": b["file"], "line": b["line"],
                            "source": b["source"], "function": fn, "targets": b.get("targets", []),
                            "roots": roots, "findings": b.get("findings", []),
                            "with_roots": r and {"entry": r.entry, "via": list(r.reached_via), "confidence": r.confidence},
                            "told_nothing": t and {"entry": t.entry, "via": list(t.reached_via), "confidence": t.confidence},
                            "first_unreached": chain[cut] if cut is not None else None,
                            "last_reached": chain[cut - 1] if cut else None,
                            "callers": sorted(f"{c[0]}:{c[1]}" for c in callers.get(key, ()))})
        print(f"group {n} done", flush=True)
    Path(sys.argv[2]).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
