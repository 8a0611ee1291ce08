"""The nearest `pyproject.toml` with `[tool.compilelint]` (or a `compilelint.toml`) -> a frozen Config.

Command-line options override the file. An unknown key or a bad value is a ConfigError naming the key
and the file: the CLI turns it into exit code 2.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Optional, Tuple

from compilelint.findings import Applicability


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Config:
    root: Path
    source: Optional[Path] = None
    select: Optional[Tuple[str, ...]] = None
    extend_select: Tuple[str, ...] = ()
    ignore: Tuple[str, ...] = ()
    per_file_ignores: Tuple[Tuple[str, Tuple[str, ...]], ...] = ()
    exclude: Tuple[str, ...] = ()
    extend_exclude: Tuple[str, ...] = ()
    preview: bool = False
    respect_gitignore: bool = True
    torch_version: Optional[str] = None
    # forward of every nn.Module subclass counts as compiled (a weaker, "assumed" region)
    assume_forward_compiled: bool = True
    # more entry points: "module:qualname" or dotted "module.qualname" patterns (fnmatch globs)
    compiled_roots: Tuple[str, ...] = ()
    verify: Dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # which rules' fixes --fix may apply, and per-rule changes of a fix's safety (Ruff's keys)
    fixable: Tuple[str, ...] = ("ALL",)
    unfixable: Tuple[str, ...] = ()
    extend_safe_fixes: Tuple[str, ...] = ()
    extend_unsafe_fixes: Tuple[str, ...] = ()
    unsafe_fixes: bool = False
    # the dynamo settings the project runs with, as `torch._dynamo.config` names them
    dynamo: Dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def fix_applicability(self, code: str, applicability: Applicability) -> Applicability:
        """A fix's safety after the per-rule overrides; an unfixable rule's fix is only displayed."""
        if applicability == Applicability.DISPLAY_ONLY:
            return applicability
        if not _selected(code, self.fixable) or _selected(code, self.unfixable):
            return Applicability.DISPLAY_ONLY
        if _selected(code, self.extend_unsafe_fixes):
            return Applicability.UNSAFE
        if _selected(code, self.extend_safe_fixes):
            return Applicability.SAFE
        return applicability


def _selected(code: str, selectors: Iterable[str]) -> bool:
    return any(sel == "ALL" or code.startswith(sel) for sel in selectors)


def _strings(key: str, value: Any, source: Path) -> Tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{source}: `{key}` must be a list of strings")
    return tuple(value)


def _bool(key: str, value: Any, source: Path) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{source}: `{key}` must be true or false")
    return value


def _string(key: str, value: Any, source: Path) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{source}: `{key}` must be a string")
    return value


def _per_file(key: str, value: Any, source: Path) -> Tuple[Tuple[str, Tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: `{key}` must be a table of glob = [codes]")
    return tuple((pattern, _strings(f"{key}.{pattern}", codes, source)) for pattern, codes in value.items())


def _table(key: str, value: Any, source: Path) -> Dict[str, Any]:
    if not isinstance(value, dict):
        raise ConfigError(f"{source}: `{key}` must be a table")
    return value


def _dynamo_table(key: str, value: Any, source: Path) -> Dict[str, Any]:
    table = _table(key, value, source)
    for name, setting in table.items():
        ok = isinstance(setting, (bool, int, float, str)) or (
            isinstance(setting, list) and all(isinstance(v, str) for v in setting))
        if not ok:
            raise ConfigError(f"{source}: `{key}.{name}` must be a boolean, a number, a string or a list of "
                              "function names")
    return table


# file key -> (Config field, validator)
KEYS: Dict[str, Tuple[str, Callable]] = {
    "select": ("select", _strings),
    "extend-select": ("extend_select", _strings),
    "ignore": ("ignore", _strings),
    "per-file-ignores": ("per_file_ignores", _per_file),
    "exclude": ("exclude", _strings),
    "extend-exclude": ("extend_exclude", _strings),
    "preview": ("preview", _bool),
    "respect-gitignore": ("respect_gitignore", _bool),
    "torch-version": ("torch_version", _string),
    "assume-forward-compiled": ("assume_forward_compiled", _bool),
    "compiled-roots": ("compiled_roots", _strings),
    "verify": ("verify", _table),
    "fixable": ("fixable", _strings),
    "unfixable": ("unfixable", _strings),
    "extend-safe-fixes": ("extend_safe_fixes", _strings),
    "extend-unsafe-fixes": ("extend_unsafe_fixes", _strings),
    "unsafe-fixes": ("unsafe_fixes", _bool),
    "dynamo": ("dynamo", _dynamo_table),
}


def find_config_file(start: Path) -> Optional[Path]:
    """The nearest compilelint.toml, or pyproject.toml with a [tool.compilelint] table, upwards from start."""
    start = start.resolve()
    for directory in [start, *start.parents] if start.is_dir() else start.parents:
        own = directory / "compilelint.toml"
        if own.is_file():
            return own
        pyproject = directory / "pyproject.toml"
        if pyproject.is_file():
            try:
                text = pyproject.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if "[tool.compilelint" in text:
                return pyproject
    return None


def load_config(path: Optional[Path], root: Optional[Path] = None) -> Config:
    if path is None:
        return Config(root=(root or Path.cwd()).resolve())
    if sys.version_info >= (3, 11):  # loaded here: the helper process imports this module and reads no file
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from exc
    table = data if path.name == "compilelint.toml" else data.get("tool", {}).get("compilelint", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.compilelint] must be a table")
    values: Dict[str, Any] = {}
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"{path}: unknown key `{key}` in [tool.compilelint] (known: {', '.join(sorted(KEYS))})")
        name, validate = KEYS[key]
        values[name] = validate(key, value, path)
    return Config(root=path.parent.resolve(), source=path, **values)


def with_overrides(config: Config, **overrides: Any) -> Config:
    """Command-line values win over the file; None means "not given"."""
    return replace(config, **{k: v for k, v in overrides.items() if v is not None})
