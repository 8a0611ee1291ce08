"""`--verify` options: the `[tool.compilelint.verify]` table, validated here, with command-line values on top."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from compilelint.config import ConfigError, _bool

DEVICES = ("auto", "cuda", "cpu")


@dataclass(frozen=True)
class VerifyOptions:
    targets: Tuple[str, ...] = ()
    device: str = "auto"
    backend: str = "inductor"
    modes: Tuple[str, ...] = ("default",)
    repeats: int = 20
    warmup: int = 3
    timeout: float = 600.0  # seconds per target, counted once its child process has imported torch
    report_dir: Optional[str] = None
    max_graph_breaks: Optional[int] = None
    fail_on_missed: bool = False
    min_speedup: Optional[float] = None
    unsafe_fixes: bool = False
    fix: bool = True  # apply fixes in the shadow copy and measure again
    jobs: int = 1  # parallel targets on CPU; on GPUs there is one worker per visible device


def _positive_int(key: str, value: Any, source: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ConfigError(f"{source}: `{key}` must be an integer >= {minimum}")
    return value


def _number(key: str, value: Any, source: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ConfigError(f"{source}: `{key}` must be a positive number")
    return float(value)


def _target_list(key: str, value: Any, source: str) -> Tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{source}: `{key}` must be a list of \"module:function\" strings")
    for target in value:
        check_target(target, f"{source}: `{key}`")
    return tuple(value)


def check_target(target: str, where: str) -> str:
    module, _, function = target.partition(":")
    if not module or not function or not all(part.isidentifier() for part in module.split(".") + [function]):
        raise ConfigError(f"{where}: target {target!r} must be MODULE:FUNCTION (e.g. pkg.examples:tiny_gpt)")
    return target


def _device(key: str, value: Any, source: str) -> str:
    if value not in DEVICES:
        raise ConfigError(f"{source}: `{key}` must be one of {', '.join(DEVICES)}")
    return value


def _string(key: str, value: Any, source: str) -> str:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{source}: `{key}` must be a non-empty string")
    return value


def _modes(key: str, value: Any, source: str) -> Tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{source}: `{key}` must be a mode or a list of modes")
    return tuple(value)


# file key -> (VerifyOptions field, validator)
KEYS = {
    "targets": ("targets", _target_list),
    "device": ("device", _device),
    "backend": ("backend", _string),
    "mode": ("modes", _modes),
    "modes": ("modes", _modes),
    "repeats": ("repeats", lambda k, v, s: _positive_int(k, v, s, 1)),
    "warmup": ("warmup", _positive_int),
    "timeout": ("timeout", _number),
    "report-dir": ("report_dir", _string),
    "max-graph-breaks": ("max_graph_breaks", _positive_int),
    "fail-on-missed": ("fail_on_missed", _bool),
    "min-speedup": ("min_speedup", _number),
    "unsafe-fixes": ("unsafe_fixes", _bool),
    "fix": ("fix", _bool),
    "jobs": ("jobs", lambda k, v, s: _positive_int(k, v, s, 1)),
}


def from_table(table: Dict[str, Any], source: Optional[Path]) -> VerifyOptions:
    """Validate `[tool.compilelint.verify]`; an unknown key or a bad value is a ConfigError."""
    where = str(source or "[tool.compilelint.verify]")
    values: Dict[str, Any] = {}
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"{where}: unknown key `{key}` in [tool.compilelint.verify] (known: {', '.join(sorted(KEYS))})")
        name, validate = KEYS[key]
        values[name] = validate(f"verify.{key}", value, where)
    return VerifyOptions(**values)


def with_cli(options: VerifyOptions, **given: Any) -> VerifyOptions:
    """Command-line values win; None (or an empty tuple for repeatable options) means "not given"."""
    known = {f.name for f in fields(VerifyOptions)}
    changes = {k: v for k, v in given.items() if k in known and v is not None and v != ()}
    for target in changes.get("targets", ()):
        check_target(target, "--target")
    return replace(options, **changes)
