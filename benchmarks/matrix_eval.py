"""Recall and precision of the static rules on the ground-truth matrix (../shared/dynamo/matrix.py).

matrix.py holds 160+ small modules, one pattern each, and matrix.json records what torch 2.13 really did
with each: where it broke (the line in the user's file), whether it only recompiled, or neither.
A graph-break finding (CL1xx) on a line where dynamo broke is a true positive; one anywhere else is a
false positive (the pattern compiled fine, or the code is harness code that is never compiled).

    python benchmarks/matrix_eval.py [--shared ../shared] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compilelint.config import Config  # noqa: E402  (runs from a checkout)
from compilelint.linter import lint  # noqa: E402
from compilelint.registry import all_rules  # noqa: E402


def evaluate(shared: Path) -> dict:
    matrix = shared / "dynamo" / "matrix.py"
    cases = json.loads((shared / "dynamo" / "matrix.json").read_text())["cases"]
    lines = matrix.read_text().splitlines()
    break_lines = {}  # line -> case id
    pattern_lines = {}
    for case in cases:
        for row in case.get("pattern_lines", []):
            pattern_lines[row] = case["id"]
        for b in case.get("compile", {}).get("graph_breaks", []):
            frame = b.get("user_file_frame")
            if frame:
                break_lines[frame["line"]] = case["id"]
    # plain-function variants are compiled by the harness through a variable: no static evidence of
    # compilation exists, so they are not counted (their module twins are)
    for case in cases:
        for row in (case.get("function_variant") or {}).get("pattern_lines", []):
            break_lines.pop(row, None)
    # rules that predict a graph break (the CL1 family less semantic-only rules such as numpy RNG)
    graph_break_codes = [c for c, r in all_rules().items() if c.startswith("CL1") and r.spec.all_gb_ids()]
    findings = lint([matrix], Config(root=matrix.parent), graph_break_codes, []).findings
    flagged = {}
    for f in findings:
        flagged.setdefault(f.start.row, set()).add(f.code)
    hits = sorted(row for row in break_lines if row in flagged)
    misses = sorted(row for row in break_lines if row not in flagged)
    false_positives = sorted(row for row in flagged if row not in break_lines)
    tp_findings = sum(len(flagged[r]) for r in hits)
    total_findings = sum(len(c) for c in flagged.values())

    def show(row):
        return {"line": row, "case": break_lines.get(row) or pattern_lines.get(row, "-"),
                "codes": sorted(flagged.get(row, ())), "source": lines[row - 1].strip()}

    return {
        "break_lines": len(break_lines),
        "recall": round(len(hits) / len(break_lines), 3) if break_lines else None,
        "precision": round(tp_findings / total_findings, 3) if total_findings else None,
        "findings": total_findings,
        "misses": [show(r) for r in misses],
        "false_positives": [show(r) for r in false_positives],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    result = evaluate(args.shared)
    print(f"break lines {result['break_lines']}  findings {result['findings']}  "
          f"recall {result['recall']}  precision {result['precision']}")
    for title, key in (("missed breaks", "misses"), ("false positives", "false_positives")):
        print(f"\n{title} ({len(result[key])}):")
        for item in result[key]:
            print(f"  {item['line']:>5} {item['case']:<32} {','.join(item['codes']):<12} {item['source'][:80]}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
