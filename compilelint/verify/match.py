"""Step 2 of `--verify`: static findings x what dynamo did, by (file, line) and graph-break type.

A finding is `confirmed` when dynamo broke on its line with a GB id the rule predicts (or recompiled on a
guard over that line), `mismatch` when dynamo broke there for another reason, `not_confirmed` when dynamo
traced the line without breaking, and `not_reached` when dynamo never traced it (a branch not taken, a
skipped frame, code the target does not call). A break on a line without a finding is `missed`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Sequence, Set, Tuple

CONFIRMED, MISMATCH, NOT_CONFIRMED, NOT_REACHED = "confirmed", "mismatch", "not_confirmed", "not_reached"
STATUSES = (CONFIRMED, MISMATCH, NOT_CONFIRMED, NOT_REACHED)


@dataclass(frozen=True)
class StaticFinding:
    """What matching needs from a Finding, with its path relative to the project root."""

    code: str
    filename: str
    row: int
    end_row: int
    statement_row: int
    gb_types: Tuple[str, ...]
    message: str

    @property
    def rows(self) -> Set[int]:
        return set(range(self.row, self.end_row + 1)) | {self.statement_row or self.row}


def match(findings: Sequence[StaticFinding], run: dict, project_files: Set[str]) -> Tuple[List[dict], List[dict]]:
    """(findings with a status, missed breaks) for one dynamo run of one target (`run` from the harness)."""
    breaks: Dict[Tuple[str, int], List[dict]] = {}
    for item in run["breaks"]:
        breaks.setdefault((item["filename"], item["row"]), []).append(item)
    recompiled = {(f, r) for item in run["recompiles"] for f, r in item.get("locations", ())}
    traced = {(f, r) for f, r in run["traced_lines"]}
    involved = {f for f, _ in traced} | {f for f, _ in breaks}
    matched: Set[Tuple[str, int]] = set()
    out = []
    for finding in findings:
        if finding.filename not in involved:
            continue
        keys = [(finding.filename, row) for row in sorted(finding.rows)]
        here = [b for key in keys for b in breaks.get(key, ())]
        if here:
            predicted = set(finding.gb_types)
            agrees = not predicted or any(not b["gb_ids"] or predicted & set(b["gb_ids"]) for b in here)
            status = CONFIRMED if agrees else MISMATCH
            matched.update(k for k in keys if k in breaks)
        elif any(k in recompiled for k in keys):
            status = CONFIRMED
        elif any(k in traced for k in keys):
            status = NOT_CONFIRMED
        else:
            status = NOT_REACHED
        entry = {"code": finding.code, "filename": finding.filename, "row": finding.row, "status": status,
                 "gb_types": list(finding.gb_types), "message": finding.message}
        if here:
            entry["dynamo"] = sorted({b["gb_id"] or b["gb_type"] for b in here})
        out.append(entry)
    missed = [{"filename": b["filename"], "row": b["row"], "gb_id": b["gb_id"], "gb_type": b["gb_type"]}
              for key, items in sorted(breaks.items()) if key not in matched and key[0] in project_files
              for b in items]
    return out, missed


def counts(findings: Sequence[dict]) -> Dict[str, int]:
    return {status: sum(1 for f in findings if f["status"] == status) for status in STATUSES}
