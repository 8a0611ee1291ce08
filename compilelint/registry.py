"""Join the checks (code) with the catalogue (docs, predictions) and select the enabled rules.

Selection reads the catalogue only: the checks (and libcst) are imported when a file is parsed.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Sequence, Type

from compilelint.catalogue import RuleSpec, load_catalogue
from compilelint.diagnostics import TOOL_RULES

if TYPE_CHECKING:
    from compilelint.check import Check


@dataclass(frozen=True)
class Rule:
    spec: RuleSpec
    check: Type["Check"]


class SelectionError(ValueError):
    pass


@functools.lru_cache(maxsize=None)
def all_checks() -> Dict[str, Type["Check"]]:
    from compilelint import checks as checks_package
    from compilelint.check import Check

    found: Dict[str, Type[Check]] = {}
    for info in pkgutil.iter_modules(checks_package.__path__):
        module = importlib.import_module(f"{checks_package.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Check) and value is not Check and value.code:
                if value.code in found and found[value.code] is not value:
                    raise RuntimeError(f"two checks claim {value.code}")
                found[value.code] = value
    return found


@functools.lru_cache(maxsize=None)
def all_rules() -> Dict[str, Rule]:
    catalogue = load_catalogue()
    checks = all_checks()
    missing = sorted(set(catalogue) ^ set(checks))
    if missing:
        raise RuntimeError(f"rules without a check or checks without a rule folder: {missing}")
    return {code: Rule(catalogue[code], checks[code]) for code in sorted(catalogue)}


def known_code(selector: str) -> bool:
    """A code, a prefix of codes, or ALL."""
    if selector == "ALL":
        return True
    codes = list(load_catalogue()) + list(TOOL_RULES)
    return any(code.startswith(selector) for code in codes)


def _matches(code: str, selectors: Iterable[str]) -> Optional[int]:
    """Length of the most specific selector that matches `code` (ALL counts as 0), None if none."""
    best = None
    for sel in selectors:
        if sel == "ALL" or code.startswith(sel):
            length = 0 if sel == "ALL" else len(sel)
            best = length if best is None else max(best, length)
    return best


def select(select: Optional[Sequence[str]], extend_select: Sequence[str], ignore: Sequence[str],
           preview: bool = False) -> List[str]:
    """Enabled codes, as Ruff decides: the most specific selector wins; ignore wins ties."""
    for sel in list(select or []) + list(extend_select) + list(ignore):
        if not known_code(sel):
            raise SelectionError(f"unknown rule selector `{sel}`")
    enabled = []
    for code, spec in sorted(load_catalogue().items()):
        if spec.status == "preview" and not preview:
            continue
        if select is None:
            chosen = 0 if spec.default else None
        else:
            chosen = _matches(code, select)
        extended = _matches(code, extend_select)
        if extended is not None:
            chosen = extended if chosen is None else max(chosen, extended)
        ignored = _matches(code, ignore)
        if chosen is not None and (ignored is None or ignored < chosen):
            enabled.append(code)
    return enabled


def tool_codes_enabled(ignore: Sequence[str]) -> List[str]:
    """The tool's own diagnostics are always on, except those an explicit code or prefix ignores."""
    return [c for c, rule in TOOL_RULES.items() if not rule.can_ignore or _matches(c, [i for i in ignore if i != "ALL"]) is None]
