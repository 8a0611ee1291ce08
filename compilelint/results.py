"""What linting one file yields: plain data, free of libcst, so a cache hit needs neither the parser nor
the checks (engine.py builds these; linter.py and cache.py only read them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from compilelint.facts import FileFacts
from compilelint.findings import Fix, Location


@dataclass(frozen=True)
class Candidate:
    """A finding before we know whether its function is compiled."""

    code: str
    message: str
    pattern: str
    help: str
    start: Location
    end: Location
    statement_row: int
    function: Optional[str]  # region key: "func" or "Class.method"
    amplifiers: Tuple[str, ...]  # "loop", "user-context-manager", "try", "not-a-call"
    extra_gb: Tuple[str, ...]
    fix: Optional[Fix]
    # reported wherever it sits, compiled or not (call sites, configuration, the training loop)
    anywhere: bool = False
    # dynamo settings patched around this line (`config.patch` decorators and with-blocks)
    dynamo: Tuple[Tuple[str, Any], ...] = ()
    # a call record (facts.CALL_KINDS) that must resolve to a disabled function for the finding to hold:
    # only the project-wide step knows what a name imported from another file is
    requires_disabled: Optional[Tuple[str, str]] = None
    # a project-wide condition (conditions.py), e.g. ("clean-reach", "Net()"): only all files' facts decide it
    requires: Optional[Tuple[str, ...]] = None
    # a tensors.Formula over project-wide facts (a helper's parameter or return is a tensor) that must hold
    # for the finding to hold: decided by summaries.py once every file is walked
    requires_tensor: Optional[tuple] = None
    # the finding lies in code dynamo never traces when any of these atoms holds: (function as resolved in the
    # file, value its call returns while traced) when that project function is such a compile-time guard
    # (guards.py); engine.GivenAtom (summaries.py); engine.AttributeAtom (attributes.py)
    unless_guards: Tuple[tuple, ...] = ()
    # the break happens on some paths to it only, which no project-wide fact tells apart (Check.report's `maybe`)
    maybe: bool = False


@dataclass
class FileResult:
    path: str
    facts: FileFacts
    candidates: List[Candidate] = field(default_factory=list)
    error: Optional[Tuple[str, str, int, int]] = None  # (code, message, row, col) when unlintable
    # False: facts from the cheap index only (index.py), no checks ran: the file holds no compiled code
    checked: bool = True
    # functions whose candidates were left out (they were not known to be compiled when the file was linted)
    unpositioned: Tuple[str, ...] = ()
