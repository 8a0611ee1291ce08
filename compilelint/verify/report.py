"""`--verify` reports: JSON (the machine contract), Markdown, a self-contained HTML page with a chart,
and the rich terminal table. Pure functions of the report dict built by runner.py."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Dict, List, Optional

ENV_KEYS = ("torch", "cuda", "driver", "gpu", "cudnn", "python", "compilelint", "platform", "device")


def to_json(report: dict) -> str:
    return json.dumps(report, indent=2, default=str) + "\n"


def _ms(value: Optional[float]) -> str:
    return "–" if value is None else f"{value:.3f}" if value < 10 else f"{value:.2f}"


def _x(value: Optional[float]) -> str:
    return "–" if value is None else f"{value:.2f}x"


def _s(value: Optional[float]) -> str:
    return "–" if value is None else f"{value:.1f}"


def _breaks(entry: dict) -> str:
    before, after = entry.get("before"), entry.get("after")
    if not before:
        return "–"
    text = f"{before['graphs']}/{before['graph_breaks']}"
    return text + (f" → {after['graphs']}/{after['graph_breaks']}" if after else "")


def _findings(entry: dict) -> str:
    c = entry["finding_counts"]
    return f"{c['confirmed']}✓ {c['not_confirmed']}✗ {c['not_reached']}· {len(entry['missed'])}?"


def _parity(entry: dict) -> str:
    parity = entry.get("parity")
    if not parity:
        return "–"
    diff = parity["max_abs_diff"]
    return ("ok" if parity["ok"] else "DIFF") + ("" if diff is None else f" ({diff:.1e})")


def _inputs(entry: dict) -> str:
    items = entry.get("inputs") or []
    return ", ".join(f"{'x'.join(map(str, i['shape']))} {i['dtype']}" if "shape" in i else i["value"] for i in items)


COLUMNS = ("target", "status", "inputs", "graphs/breaks", "findings ✓✗·?", "recompiles", "eager ms", "compiled ms",
           "fixed ms", "speedup", "fixed speedup", "compile s", "peak MB", "parity")


def rows(report: dict) -> List[List[str]]:
    out = []
    for e in report["targets"]:
        t = e["timing"]
        recompiles = "–" if not e.get("before") else str(len(e["before"]["recompiles"]))
        if e.get("after"):
            recompiles += f" → {len(e['after']['recompiles'])}"
        error = (e["error"] or "").splitlines()[0] if e["error"] else ""
        status = e["status"] if e["status"] == "ok" else f"FAILED: {error[:160]}"
        compile_s = _s(t["compile_s"]) + (f" → {_s(t['compile_fixed_s'])}" if t["compile_fixed_s"] is not None else "")
        out.append([e["target"], status, _inputs(e), _breaks(e), _findings(e), recompiles, _ms(t["eager_ms"]),
                    _ms(t["compiled_ms"]), _ms(t["compiled_fixed_ms"]), _x(t["speedup"]), _x(t["speedup_fixed"]),
                    compile_s, _s(t["peak_mem_mb"]), _parity(e)])
    return out


def environment_line(report: dict) -> str:
    env = report["environment"]
    return " · ".join(f"{k} {env[k]}" for k in ENV_KEYS if env.get(k) is not None)


LEGEND = ("graphs/breaks: before → after the fixes (shadow copy). findings: ✓ confirmed by dynamo, ✗ traced "
          "without a break, · never traced, ? breaks no finding predicted (missed).")


def to_markdown(report: dict) -> str:
    lines = ["# compilelint --verify", "", f"Environment: {environment_line(report)}", "",
             f"Backend `{report['options']['backend']}`, modes {', '.join(report['options']['modes'])}, "
             f"{report['options']['warmup']} warm-up + {report['options']['repeats']} timed calls (median).", "",
             "| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows(report)]
    lines += ["", LEGEND, ""]
    for e in report["targets"]:
        if not e["findings"] and not e["missed"]:
            continue
        lines += [f"## {e['target']}", "", "| finding | line | status | dynamo |", "|---|---|---|---|"]
        lines += [f"| {f['code']} | {f['filename']}:{f['row']} | {f['status']} | {', '.join(f.get('dynamo', []))} |"
                  for f in e["findings"]]
        lines += [f"| (none) | {m['filename']}:{m['row']} | missed | {m['gb_id'] or m['gb_type']} |" for m in e["missed"]]
        lines.append("")
    if report.get("fixes") and report["fixes"].get("diff"):
        lines += ["## Fixes applied in the shadow copy", "", "```diff", report["fixes"]["diff"].rstrip(), "```", ""]
    if report["gate_failures"]:
        lines += ["## Gates failed", ""] + [f"- {g}" for g in report["gate_failures"]] + [""]
    return "\n".join(lines)


def _chart(report: dict) -> str:
    """Inline SVG: eager / compiled / compiled after fixes, one group of bars per target."""
    series = (("eager_ms", "eager", "#8c8c8c"), ("compiled_ms", "compiled", "#d9822b"),
              ("compiled_fixed_ms", "compiled after fixes", "#2b8a3e"))
    entries = [e for e in report["targets"] if e["timing"]["eager_ms"] is not None]
    if not entries:
        return "<p>No timings (every target failed).</p>"
    top = max(e["timing"][key] or 0 for e in entries for key, _, _ in series) or 1.0
    bar, gap, height, left = 26, 40, 220, 50
    width = left + len(entries) * (3 * bar + gap) + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 90}" role="img" '
             f'aria-label="median time per call">']
    parts.append(f'<text x="4" y="14" font-size="12">ms per call (median)</text>')
    parts.append(f'<line x1="{left - 4}" y1="{height + 20}" x2="{width}" y2="{height + 20}" stroke="#444"/>')
    for i, e in enumerate(entries):
        x0 = left + i * (3 * bar + gap)
        for j, (key, label, color) in enumerate(series):
            value = e["timing"][key]
            if value is None:
                continue
            h = max(1.0, value / top * height)
            x, y = x0 + j * bar, height + 20 - h
            parts.append(f'<rect x="{x}" y="{y:.1f}" width="{bar - 4}" height="{h:.1f}" fill="{color}">'
                         f'<title>{html.escape(label)}: {value:.3f} ms</title></rect>')
            parts.append(f'<text x="{x + (bar - 4) / 2}" y="{y - 3:.1f}" font-size="10" text-anchor="middle">'
                         f'{_ms(value)}</text>')
        parts.append(f'<text x="{x0}" y="{height + 36}" font-size="11">{html.escape(e["target"].split(":")[-1])}</text>')
    for j, (_, label, color) in enumerate(series):
        parts.append(f'<rect x="{left + j * 170}" y="{height + 52}" width="12" height="12" fill="{color}"/>'
                     f'<text x="{left + j * 170 + 16}" y="{height + 62}" font-size="11">{label}</text>')
    parts.append("</svg>")
    return "".join(parts)


def to_html(report: dict) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows(report))
    details = to_markdown(report).split(LEGEND, 1)[1]
    gates = "".join(f"<li>{html.escape(g)}</li>" for g in report["gate_failures"])
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>compilelint --verify</title>
<style>body{{font-family:system-ui,sans-serif;margin:2em;color:#222}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:4px 8px;font-size:13px;text-align:left}}th{{background:#f3f3f3}}
pre{{background:#f7f7f7;padding:1em;overflow:auto}}</style></head><body>
<h1>compilelint --verify</h1>
<p>{html.escape(environment_line(report))}</p>
{_chart(report)}
<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>
<p>{html.escape(LEGEND)}</p>
{f"<h2>Gates failed</h2><ul>{gates}</ul>" if gates else ""}
<h2>Details</h2><pre>{html.escape(details.strip())}</pre>
</body></html>
"""


def write_reports(report: dict, directory: Path) -> Dict[str, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, render in (("report.json", to_json), ("report.md", to_markdown), ("report.html", to_html)):
        path = directory / name
        path.write_text(render(report), encoding="utf-8")
        written[name] = path
    return written


def print_table(report: dict, console) -> None:
    from rich.table import Table

    table = Table(title="compilelint --verify", caption=environment_line(report))
    for column in COLUMNS:
        table.add_column(column, overflow="fold", no_wrap=column == "target")
    for row in rows(report):
        table.add_row(*row, style=None if not row[1].startswith("FAILED") else "red")
    console.print(table)
    console.print(LEGEND)
    for gate in report["gate_failures"]:
        console.print(f"[red]gate failed:[/red] {gate}")
