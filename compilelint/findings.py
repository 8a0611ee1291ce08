"""Findings and fixes: plain frozen values. Nothing here prints or touches files."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Optional, Tuple


class Applicability(str, enum.Enum):
    SAFE = "safe"
    UNSAFE = "unsafe"
    DISPLAY_ONLY = "display-only"


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, order=True)
class Location:
    """1-based row and column, as Ruff reports them."""

    row: int
    column: int


@dataclass(frozen=True)
class Edit:
    """Replace the text between two locations with `content` (columns are 1-based, end exclusive)."""

    content: str
    start: Location
    end: Location


@dataclass(frozen=True)
class Fix:
    applicability: Applicability
    message: str
    edits: Tuple[Edit, ...] = ()


@dataclass(frozen=True)
class Region:
    """Which compiled code a finding sits in and how sure we are that it is compiled."""

    function: str
    entry: str
    confidence: str  # "certain" (proven entry point), "inferred" (through objects, registries) or "assumed" (forward)
    reached_via: Tuple[str, ...] = ()


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    message: str
    path: str
    start: Location
    end: Location
    severity: Severity = Severity.ERROR
    gb_types: Tuple[str, ...] = ()
    help: str = ""
    fix: Optional[Fix] = None
    region: Optional[Region] = None
    # first row of the statement holding the finding: suppressions there apply too
    statement_row: int = 0
    url: str = field(default="", compare=False)
    # "loop", "user-context-manager", "try", "not-a-call": the break makes dynamo give up on the whole frame
    amplifiers: Tuple[str, ...] = ()
    # the break happens on some paths to it only (a progress bar bound in one branch of a ternary): it never ends
    # the frame for the breaks after it (frame_skips.py)
    maybe: bool = field(default=False, compare=False)
    # the break is raised inside a torch function the call runs, a frame of its own (Optimizer.step's wrapper): it
    # happens also where dynamo gave up on the calling frame (frame_skips.py)
    own_frame: bool = field(default=False, compare=False)

    @property
    def sort_key(self):
        return (self.path, self.start.row, self.start.column, self.code, self.message)
