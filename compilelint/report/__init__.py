"""Reporters: pure functions from findings to text. Only the CLI writes what they return."""

from __future__ import annotations

from typing import Callable, Dict

from compilelint.report.machine import render_github, render_json, render_json_lines
from compilelint.report.sarif import render_sarif
from compilelint.report.text import render_concise, render_full

FORMATS: Dict[str, Callable] = {
    "full": render_full,
    "concise": render_concise,
    "json": render_json,
    "json-lines": render_json_lines,
    "github": render_github,
    "sarif": render_sarif,
}
