"""Recall and precision on the adversarial corpus (tests/adversarial/cases): small compiled programs written to
trip naive linters (shadowed names, tensor look-alikes, code outside or oddly inside compiled regions,
dynamo look-alikes that compile).

Each case file marks its lines; the truth comes from dynamo (tests/adversarial/test_adversarial.py checks
every marker against a real dynamo run):
    `# expect: CODE`       dynamo breaks here and the linter reports CODE
    `# known-miss: CODE`   dynamo breaks here (CODE's family) and the linter does not report it: a known gap
    `# known-fp: CODE`     the linter reports CODE here and dynamo does not break: a known gap
A finding counts as a true positive when it lies on a break line with the marked rule's code (the family).

    python benchmarks/adversarial_eval.py [--dynamo] [--by-category] [--json out.json]
`--by-category` adds one score line per category (each scored alone). `--dynamo` scores against a fresh dynamo run instead of the markers (a finding's rule must then predict
the GB id dynamo reported on that line).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Set, Tuple

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compilelint.config import Config  # noqa: E402  (runs from a checkout)
from compilelint.linter import lint, torch_version  # noqa: E402
from compilelint.registry import all_rules  # noqa: E402

CASES = REPO / "tests" / "adversarial" / "cases"
MARKERS = ("expect", "known-miss", "known-fp")
Line = Tuple[str, int]  # (case file name, row)


def case_files(folder: Path = CASES) -> List[Path]:
    return sorted(folder.glob("*.py"))


def category(path: Path) -> str:
    """The name's prefix; a later batch's prefix (`b4_`) keeps the style after it: `b4_hf`, `b4_quiet`."""
    parts = path.name.split("_", 2)
    return "_".join(parts[:2]) if re.fullmatch(r"b\d+", parts[0]) and len(parts) > 2 else parts[0]


def markers(path: Path) -> Dict[str, Set[Tuple[int, str]]]:
    """marker kind -> {(row, code)} from `# expect: CL101`, `# known-miss: CL131`, `# known-fp: CL111`."""
    out: Dict[str, Set[Tuple[int, str]]] = {kind: set() for kind in MARKERS}
    for row, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        for kind in MARKERS:
            tag = f"# {kind}:"
            if tag in line:
                for code in line.split(tag, 1)[1].split("#")[0].replace(",", " ").split():
                    out[kind].add((row, code))
    return out


def break_codes() -> List[str]:
    """Rules that predict a graph break (CL1xx with GB ids): the ones judged against dynamo's breaks."""
    return [c for c, r in all_rules().items() if c.startswith("CL1") and r.spec.all_gb_ids()]


def lint_cases(paths: Sequence[Path], codes: Optional[Sequence[str]] = None) -> Dict[Line, Set[str]]:
    """(file name, row) -> codes reported, all cases linted as one project rooted at their folder."""
    if not paths:
        return {}
    # advice rules (CL305, CL306) speak about clean code: not what the corpus scores
    enabled = list(codes) if codes is not None else [c for c, r in all_rules().items() if "advice" not in r.spec.tags]
    findings = lint(list(paths), Config(root=paths[0].parent), enabled, []).findings
    flagged: Dict[Line, Set[str]] = {}
    for f in findings:
        flagged.setdefault((Path(f.path).name, f.start.row), set()).add(f.code)
    return flagged


def truth_from_markers(paths: Sequence[Path]) -> Dict[Line, Set[str]]:
    """Break lines and the family each belongs to, as the (dynamo-checked) markers state them."""
    truth: Dict[Line, Set[str]] = {}
    for path in paths:
        marks = markers(path)
        for row, code in marks["expect"] | marks["known-miss"]:
            if code in BREAK_CODES:
                truth.setdefault((path.name, row), set()).add(code)
    return truth


def truth_from_dynamo(paths: Sequence[Path], results: Dict[Path, dict]) -> Dict[Line, Set[str]]:
    """Break lines from a dynamo run; each line's family is every break rule that predicts its first GB id."""
    version = torch_version(Config(root=CASES))
    predicting: Dict[str, Set[str]] = {}
    for code in BREAK_CODES:
        spec = all_rules()[code].spec
        for pattern in spec.predicts:
            for gb in spec.gb_ids(pattern, version):
                predicting.setdefault(gb, set()).add(code)
    truth: Dict[Line, Set[str]] = {}
    for path in paths:
        result = results[path.resolve()]
        for b in result.get("breaks", []):
            if Path(b["filename"]).resolve() == path.resolve():
                families = predicting.get(b["gb_id"], set()) if b["gb_id"] else set(BREAK_CODES)
                truth.setdefault((path.name, b["row"]), set()).update(families)
    return truth


def score(truth: Dict[Line, Set[str]], flagged: Dict[Line, Set[str]]) -> dict:
    """Recall over break lines (found with a code of the line's family), precision over findings."""
    hits = sorted(line for line, family in truth.items() if flagged.get(line, set()) & family)
    misses = sorted(line for line in truth if line not in hits)
    true_findings = [(line, c) for line, codes in flagged.items() for c in codes if c in truth.get(line, ())]
    false_findings = sorted((line, c) for line, codes in flagged.items() for c in codes if c not in truth.get(line, ()))
    total = sum(len(c) for c in flagged.values())
    return {
        "break_lines": len(truth),
        "findings": total,
        "recall": round(len(hits) / len(truth), 3) if truth else None,
        "precision": round(len(true_findings) / total, 3) if total else None,
        "misses": [f"{name}:{row}" for name, row in misses],
        "false_positives": [f"{name}:{row} {code}" for (name, row), code in false_findings],
    }


def evaluate(paths: Sequence[Path], dynamo_results: Optional[Dict[Path, dict]] = None) -> dict:
    flagged = lint_cases(paths, BREAK_CODES)
    truth = truth_from_dynamo(paths, dynamo_results) if dynamo_results else truth_from_markers(paths)
    result = score(truth, flagged)
    result["cases"] = len(paths)
    result["by_category"] = dict(sorted(Counter(category(p) for p in paths).items()))
    return result


BREAK_CODES = frozenset(break_codes())


def summary_line(result: dict) -> str:
    by = ", ".join(f"{k} {v}" for k, v in result["by_category"].items())
    return (f"adversarial: {result['cases']} cases ({by}); break lines {result['break_lines']}  "
            f"findings {result['findings']}  recall {result['recall']}  precision {result['precision']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dynamo", action="store_true", help="score against a fresh dynamo run (needs torch)")
    parser.add_argument("--by-category", action="store_true", help="also score each category alone")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    paths = case_files()
    results = None
    if args.dynamo:
        from tests.helpers import run_under_dynamo

        results = run_under_dynamo(paths, CASES)
    result = evaluate(paths, results)
    print(summary_line(result))
    if args.by_category:
        for name in result["by_category"]:
            part = evaluate([p for p in paths if category(p) == name], results)
            print(f"  {name}: {part['cases']} cases, break lines {part['break_lines']}, findings {part['findings']}, "
                  f"recall {part['recall']}, precision {part['precision']}")
    for title, key in (("missed breaks", "misses"), ("false positives", "false_positives")):
        print(f"\n{title} ({len(result[key])}):")
        for item in result[key]:
            print(f"  {item}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
