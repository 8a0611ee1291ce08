"""Why compilelint misses the breaks it misses: one row per missed break of held-out reports, with its cause.

    python3 benchmarks/eval/miss_causes.py REPORT.md ... [--site-base DIR] [--answers ANSWER.json ...]
        [--lint-cache DIR] [--json OUT]

Each REPORT is an eval-*-heldoutN.md (its site: SITE_BASE/.packages-heldoutN, read, never written). Where dynamo
stopped is the report's `inside`, or the `innermost` of the same break in an --answers file (a dynamo answer as
run_eval caches it, with its `site`): reports and answers made before the harness recorded it have none. Causes,
tested in this order; the first that holds is the row's:
  line     the line continues a statement that has a CL1xx finding on another of its lines: the rule fired, on a
           line of the statement other than the one dynamo names (scored per line, so a miss and a false positive)
  region   a CL1xx finding appears on the line once every function of the package is a compiled root
           (`compiled-roots = ["*:*"]`, linted in a copy of the package folder): the rule is there, the region is not
  library  dynamo stopped inside another installed package (the report's `inside`), or the line calls a function
           imported from one (not torch, not the package itself, not the standard library)
  kind     a rule predicts the break's GB id and the line has that rule's construct (a test for GB0170, a scalar
           conversion for GB0124, an index or a size-taking factory for GB0033/GB0036, requires_grad_ for
           GB0125/GB8985): compilelint did not know the value was a tensor
  rule     none of these: no rule for the pattern
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Set

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE)]  # this checkout's compilelint, not an installed one
from run_eval import _env, _short, no_break_rules  # noqa: E402  (this checkout's compilelint and rule set)

ROW = re.compile(r"- `(.*?):(\d+)` ((?:GB\d{4}(?:, )?)*)\s*(.*?) — `(.*)`(?: · inside (\S+))?(?: · nearby: (.*))?$")
SCALAR = {"item", "int", "float", "bool", "tolist"}
SIZED = {"arange", "zeros", "ones", "empty", "full", "rand", "randn", "randint", "nonzero", "masked_select", "unique",
         "repeat_interleave", "index_select", "meshgrid", "new_full", "new_zeros", "new_ones"}


def missed_rows(report: Path) -> List[dict]:
    text = report.read_text()
    section = text.split("## Missed breaks (no CL1xx finding on the line dynamo reports)", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.strip().splitlines():
        m = ROW.match(line)
        if m:
            file, row, ids, kind, source, inside, near = m.groups()
            rows.append({"file": file, "line": int(row), "gb_ids": re.findall(r"GB\d{4}", ids),
                         "type": kind.replace(" (frame skipped)", ""), "source": source, "inside": inside,
                         "nearby": near or ""})
    return rows


def all_roots_findings(site: Path, folder: str, files: Set[str], cache: Path) -> Set[tuple]:
    """(file, line) of every break finding in `files` (under the site) with every function of the folder a compiled
    root. Only those files are linted; the folder's others are read for their definitions."""
    stored = cache / f"{site.name}-{folder}.json"
    if not stored.is_file() or not files <= set(json.loads(stored.read_text()).get("files", files)):
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp)
            (shutil.copytree if (site / folder).is_dir() else shutil.copy)(site / folder, copy / folder)
            config = copy / "roots.toml"
            config.write_text('[tool.compilelint]\ncompiled-roots = ["*:*"]\n')
            out, failures = copy / "findings.json", copy / "failures.json"
            subprocess.run([sys.executable, str(HERE / "lint_child.py"), str(failures), "--", "--config", str(config),
                            "--select", "ALL", "--output-format", "json", "--exit-zero", "--no-cache", "-o", str(out),
                            *sorted(files)], capture_output=True, text=True, env=_env(), cwd=copy, check=True)
            found = [{"file": str(Path(f["filename"]).resolve().relative_to(copy.resolve())),
                      "line": f["location"]["row"], "code": f["code"]} for f in json.loads(out.read_text())]
        stored.write_text(json.dumps({"files": sorted(files), "findings": found}))
    return {(f["file"], f["line"]) for f in json.loads(stored.read_text())["findings"]
            if f["code"].startswith("CL1") and f["code"] not in no_break_rules()}


def _imports(tree: ast.Module) -> Dict[str, str]:
    """local name -> top-level module it comes from ('.' for a relative import)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                names[(a.asname or a.name).split(".")[0]] = a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                names[a.asname or a.name] = "." if node.level else (node.module or "").split(".")[0]
    return names


def _root(func: ast.AST) -> Optional[str]:
    while isinstance(func, ast.Attribute):
        func = func.value
    return func.id if isinstance(func, ast.Name) else None


def _name(func: ast.AST) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def line_facts(path: Path, line: int, package: str) -> dict:
    """The statement holding `line` and what it does there: its first line, libraries it calls, its constructs."""
    tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    statement = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno):
            if statement is None or node.lineno >= statement.lineno:  # the innermost statement
                statement = node
    imports = _imports(tree)
    on_line = [n for n in ast.walk(statement) if getattr(n, "lineno", None) is not None
               and n.lineno <= line <= (n.end_lineno or n.lineno)] if statement else []
    calls = [n for n in on_line if isinstance(n, ast.Call)]
    libraries = sorted({imports[r] for c in calls if (r := _root(c.func)) in imports} - {".", package, "torch", ""}
                       - set(sys.stdlib_module_names))
    head = statement if statement is not None and statement.lineno == line else None
    return {
        "first_line": statement.lineno if statement else line,
        "last_line": (statement.end_lineno or statement.lineno) if statement else line,
        "libraries": libraries,
        "test": isinstance(head, (ast.If, ast.While, ast.Assert)) or any(
            isinstance(n, (ast.IfExp, ast.BoolOp, ast.Compare)) or isinstance(n, ast.UnaryOp)
            and isinstance(n.op, ast.Not) for n in on_line),
        "scalar": any(_name(c.func) in SCALAR for c in calls),
        "index": any(isinstance(n, ast.Subscript) for n in on_line) or any(_name(c.func) in SIZED for c in calls),
        "requires_grad": any(_name(c.func) == "requires_grad_" for c in calls),
    }


def innermost(answers: List[Path]) -> Dict[tuple, str]:
    """(site folder name, file under the site, line) -> where dynamo stopped, when outside the package."""
    where = {}
    for path in answers:
        answer = json.loads(path.read_text())
        site = Path(answer["site"])
        for target in answer["targets"].values():
            for b in target.get("breaks", ()):
                inner, file = b.get("innermost"), Path(b["filename"])
                if inner and file.is_relative_to(site) and not Path(inner[0]).is_relative_to(
                        site / file.relative_to(site).parts[0]):
                    stop = Path(inner[0])
                    stop = stop.relative_to(site).as_posix() if stop.is_relative_to(site) else _short(inner[0])
                    where[(site.name, file.relative_to(site).as_posix(), b["row"])] = f"{stop}:{inner[1]}"
    return where


def cause(row: dict, facts: dict, roots: Set[tuple], predicted: Set[str]) -> tuple:
    near = [(code, int(at)) for code, at in re.findall(r"(CL1\d\d)@(\d+)", row["nearby"])]
    same = [f"{code}@{at}" for code, at in near if facts["first_line"] <= at <= facts["last_line"]]
    if same and row["line"] != facts["first_line"]:
        return "line", f"finding on another line of the statement: {', '.join(same)}"
    if (row["file"], row["line"]) in roots:
        return "region", "found with every function a compiled root"
    inside = row.get("inside") or ""
    if inside and inside.rsplit(":", 1)[0].split("/")[0].removesuffix(".py") not in {"torch", *sys.stdlib_module_names}:
        return "library", f"dynamo stopped in {inside}"
    if facts["libraries"]:
        return "library", "calls " + ", ".join(facts["libraries"])
    first = row["gb_ids"][0] if row["gb_ids"] else ""
    constructs = {"GB0170": facts["test"], "GB0124": facts["scalar"], "GB0033": facts["index"],
                  "GB0036": facts["index"], "GB0125": facts["requires_grad"], "GB8985": facts["requires_grad"]}
    if first in predicted and constructs.get(first):
        return "kind", "a rule predicts " + first + " and the line has its construct"
    if first in predicted:
        return "rule", f"a rule predicts {first}, not for this construct"
    return "rule", f"no rule predicts {first or 'it'}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path)
    parser.add_argument("--site-base", type=Path, default=HERE)
    parser.add_argument("--answers", nargs="*", type=Path, default=[], help="dynamo answers that name innermost frames")
    parser.add_argument("--lint-cache", type=Path, default=Path(tempfile.gettempdir()) / "compilelint-miss-causes")
    parser.add_argument("--json", type=Path, help="write the rows here too")
    args = parser.parse_args(argv)
    args.lint_cache.mkdir(parents=True, exist_ok=True)
    from compilelint.registry import all_rules

    predicted = {gb for code, r in all_rules().items() if code.startswith("CL1") for gb in r.spec.all_gb_ids()}
    stopped = innermost(args.answers)
    rows = []
    for report in args.reports:
        group = re.search(r"-(heldout\d*)\.md$", report.name).group(1)
        site = args.site_base / f".packages-{group}"
        missed = missed_rows(report)
        for row in missed:
            folder = row["file"].split("/")[0]
            files = {r["file"] for r in missed if r["file"].split("/")[0] == folder}
            row["inside"] = row["inside"] or stopped.get((site.name, row["file"], row["line"]))
            facts = line_facts(site / row["file"], row["line"], folder.removesuffix(".py"))
            row["cause"], row["evidence"] = cause(row, facts, all_roots_findings(site, folder, files, args.lint_cache),
                                                  predicted)
            rows.append({"group": group, **row})
    print("| group | break | GB ids | cause | evidence | source |\n|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['group']} | `{r['file']}:{r['line']}` | {', '.join(r['gb_ids'])} | {r['cause']} | {r['evidence']} | "
              f"`{r['source'][:90].replace('|', '/')}` |")
    print("\n" + ", ".join(f"{c}: {n}" for c, n in Counter(r["cause"] for r in rows).most_common()) + f" ({len(rows)} breaks)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
