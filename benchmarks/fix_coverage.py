"""How much of the bundled fixtures (fixtures/models + rules/*/bad.py) the fixes cover, proven under torch.

    python3 benchmarks/fix_coverage.py [--json OUT]

For every file: its findings, the findings an applicable fix (`--unsafe-fixes`; display-only hints do
not count) removes, and, in one child process, breaks and recompiles of the original and the fixed
file and whether their eager outputs are equal on three fresh random inputs. A fixed finding counts as
"unbroken" when its file computes the same and every break left in the fixed file sits on a line that
still has a finding (so the fixed finding's break is gone).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from compilelint.config import Config  # noqa: E402
from tests.helpers import fix_paths, lint_paths, run_harness  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the per-file numbers here")
    options = parser.parse_args()
    files = sorted((REPO / "fixtures" / "models").glob("*.py")) + sorted((REPO / "rules").glob("*/bad.py"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pairs = []
        for index, path in enumerate(files):
            folder = root / f"{index:02d}"
            folder.mkdir()
            original, fixed = folder / path.name, folder / f"fixed_{path.name}"
            shutil.copy(path, original)
            config = Config(root=folder)
            findings = [f for f in lint_paths([original], config=config) if not f.code.startswith("CL9")]
            outcomes, run = fix_paths([original], unsafe=True, config=config)
            fixed.write_text(next(iter(run.sources.values())).text, encoding="utf-8")
            remaining = [f for f in lint_paths([fixed], config=config) if not f.code.startswith("CL9")]
            n_fixed = sum(sum(o.fixed_codes.values()) for o in outcomes.values() if o.changed)
            rows.append({"file": path.relative_to(REPO).as_posix(), "findings": len(findings), "fixed": n_fixed,
                         "remaining_rows": sorted({f.start.row for f in remaining}), "fixed_path": str(fixed)})
            if n_fixed:
                pairs.append([str(original), str(fixed)])
        results = run_harness({"mode": "fix_parity", "pairs": pairs, "project_root": str(root), "seeds": [0, 1, 2]})
        by_fixed = {r["fixed"]: r for r in results["pairs"]}
    for row in rows:
        result = by_fixed.get(str(Path(row.pop("fixed_path")).resolve()))
        if result is None:
            continue
        after = {r for r, _ in result.get("breaks_after", [])}
        row.update(ok=result["ok"], equal=result.get("equal"), breaks_before=len(result.get("breaks_before", [])),
                   breaks_after=len(after), recompiles_before=result.get("recompiles_before"),
                   recompiles_after=result.get("recompiles_after"),
                   proven=bool(result["ok"] and result["equal"] and after <= set(row["remaining_rows"])))
    total = sum(r["findings"] for r in rows)
    fixed = sum(r["fixed"] for r in rows)
    proven = sum(r["fixed"] for r in rows if r.get("proven"))
    clean_files = [r for r in rows if r.get("proven") and r["breaks_after"] == 0 and not r["recompiles_after"]]
    for r in rows:
        print(f"{r['file']:<52} findings {r['findings']:>2}  fixed {r['fixed']:>2}  "
              + (f"breaks {r['breaks_before']}->{r['breaks_after']}  recompiles {r['recompiles_before']}->"
                 f"{r['recompiles_after']}  equal {r['equal']}" if "ok" in r else ""))
    print(f"\nfindings {total}; with an applied fix {fixed} ({fixed / total:.0%}); of those, break gone and "
          f"outputs equal: {proven}/{fixed}; files fully unbroken after the fixes: {len(clean_files)}/"
          f"{sum(1 for r in rows if r['fixed'])}")
    if options.json:
        Path(options.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
