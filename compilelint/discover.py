"""Paths -> the Python files to lint: excludes, .gitignore, symlink loops, stable order."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple

from compilelint.config import Config

if TYPE_CHECKING:
    import pathspec

DEFAULT_EXCLUDE = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", ".mypy_cache", ".ruff_cache", ".pytest_cache",
    "__pycache__", "__pypackages__", "build", "dist", "node_modules", "site-packages", ".eggs", "*.egg-info",
    ".compilelint_cache", ".ipynb_checkpoints",
)


@dataclass
class Discovery:
    files: List[Path] = field(default_factory=list)
    missing: List[str] = field(default_factory=list)  # paths that do not exist: a usage error (exit 2)
    unreadable: List[Tuple[Path, str]] = field(default_factory=list)  # directories we could not list


def _spec(patterns: Sequence[str]) -> "pathspec.PathSpec":
    import pathspec  # only a directory walk or --force-exclude matches patterns (pre-commit passes files)

    return pathspec.GitIgnoreSpec.from_lines(patterns)


class _Matcher:
    def __init__(self, config: Config) -> None:
        self.root = config.root
        self.patterns = list(config.exclude or DEFAULT_EXCLUDE) + list(config.extend_exclude)
        self._exclude: Optional["pathspec.PathSpec"] = None
        self.respect_gitignore = config.respect_gitignore
        self._gitignores: Dict[Path, Optional["pathspec.PathSpec"]] = {}

    @property
    def exclude(self) -> "pathspec.PathSpec":
        if self._exclude is None:
            self._exclude = _spec(self.patterns)
        return self._exclude

    def _relative(self, path: Path, base: Path) -> Optional[str]:
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            return None

    def excluded(self, path: Path, is_dir: bool) -> bool:
        rel = self._relative(path, self.root)
        candidates = [rel] if rel else []
        candidates.append(path.name)
        suffix = "/" if is_dir else ""
        if any(self.exclude.match_file(c + suffix) for c in candidates):
            return True
        if self.respect_gitignore:
            for directory in [path.parent, *path.parent.parents]:
                spec = self._gitignore(directory)
                if spec is not None:
                    rel_to = self._relative(path, directory)
                    if rel_to and spec.match_file(rel_to + suffix):
                        return True
                if directory == self.root or (directory / ".git").exists():
                    break
        return False

    def _gitignore(self, directory: Path) -> Optional["pathspec.PathSpec"]:
        if directory not in self._gitignores:
            ignore_file = directory / ".gitignore"
            spec = None
            if ignore_file.is_file():
                try:
                    spec = _spec(ignore_file.read_text(encoding="utf-8", errors="replace").splitlines())
                except OSError:
                    spec = None
            self._gitignores[directory] = spec
        return self._gitignores[directory]


def discover(paths: Sequence[str], config: Config, force_exclude: bool = False, include_stubs: bool = False) -> Discovery:
    result = Discovery()
    matcher = _Matcher(config)
    suffixes = (".py", ".pyi") if include_stubs else (".py",)
    seen_dirs = set()
    seen_files = set()
    for raw in paths:
        path = Path(raw)
        if not path.exists() and not path.is_symlink():
            result.missing.append(raw)
            continue
        path = Path(os.path.abspath(path))
        if path.is_dir():
            if force_exclude and matcher.excluded(path, True):
                continue
            _walk(path, matcher, suffixes, result, seen_dirs, seen_files)
        elif not (force_exclude and matcher.excluded(path, False)) and path not in seen_files:
            seen_files.add(path)
            result.files.append(path)
    result.files.sort()
    return result


def _walk(top: Path, matcher: _Matcher, suffixes, result: Discovery, seen_dirs: set, seen_files: set) -> None:
    stack = [top]
    while stack:
        directory = stack.pop()
        try:
            real = directory.resolve()
        except (OSError, RuntimeError):  # a symlink loop resolves to nothing
            continue
        if real in seen_dirs:
            continue
        seen_dirs.add(real)
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError as exc:
            result.unreadable.append((directory, exc.strerror or str(exc)))
            continue
        for entry in entries:
            path = Path(entry.path)
            try:
                is_dir = entry.is_dir()
                is_file = entry.is_file()
            except OSError:
                continue
            if is_dir:
                if not matcher.excluded(path, True):
                    stack.append(path)
            elif (is_file or entry.is_symlink()) and path.suffix in suffixes and path not in seen_files:
                if not matcher.excluded(path, False):
                    seen_files.add(path)
                    result.files.append(path)
