"""A content-hash cache of per-file results, so an unchanged file is never parsed twice.

What is cached is the per-file step only: a file's `FileResult` (its facts and candidate findings),
which depends on nothing but the file's text, its path and module name, the enabled rules and the
tool's code. The project-wide step (which functions are compiled, suppressions, the final findings)
runs on every run from all files' facts, so a file's findings follow changes in other files.

Layout: `<cache dir>/<format>-<settings digest>/<entry digest>`, one entry per source file (a changed
file overwrites its entry). Entries are written atomically; anything unreadable, foreign or from
another format is a miss, never an error.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
import tempfile
from dataclasses import is_dataclass
from enum import Enum
from pathlib import Path
from typing import Iterable, Optional

from compilelint import __version__

FORMAT = 1
HEADER = f"compilelint-cache {FORMAT}\n".encode()
DEFAULT_DIR = ".compilelint_cache"
_PACKAGE = Path(__file__).resolve().parent


def content_digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def code_fingerprint() -> str:
    """Size and mtime of every module of the tool: an edited check invalidates the cache even when the
    version number did not move (a development checkout)."""
    digest = hashlib.blake2b(digest_size=16)
    for path in sorted(_PACKAGE.rglob("*.py")):
        try:
            stat = path.stat()
        except OSError:
            continue
        digest.update(f"{path.relative_to(_PACKAGE)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def settings_digest(config: object, enabled: Iterable[str]) -> str:
    """Everything besides a file's own text that its per-file result depends on (and, to be safe, the
    whole configuration)."""
    material = "\n".join([
        __version__, code_fingerprint(), sys.version, ",".join(sorted(enabled)), repr(config),
    ])
    return hashlib.blake2b(material.encode(), digest_size=16).hexdigest()


class _ResultUnpickler(pickle.Unpickler):
    """Rebuilds only compilelint's own plain data classes and enums: a planted file runs no code."""

    def find_class(self, module: str, name: str):
        if module == "builtins" and name in ("set", "frozenset"):
            return set if name == "set" else frozenset
        if module.startswith("compilelint."):
            value = getattr(sys.modules.get(module) or __import__(module, fromlist=[name]), name, None)
            if isinstance(value, type) and (is_dataclass(value) or issubclass(value, Enum)):
                return value
        raise pickle.UnpicklingError(f"{module}.{name} is not cached data")


class Cache:
    def __init__(self, directory: Path, settings: str) -> None:
        self.root = directory
        self.directory = directory / f"{FORMAT}-{settings}"
        self._ready = False
        self.hits = 0
        self.misses = 0

    @classmethod
    def for_run(cls, directory: Path, config: object, enabled: Iterable[str]) -> "Cache":
        return cls(directory, settings_digest(config, enabled))

    def _entry(self, identity: str) -> Path:
        return self.directory / hashlib.blake2b(identity.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()

    @staticmethod
    def identity(path: Path, shown: str, module: str, is_package: bool) -> str:
        """The file however it was named, so that a partial run finds what a whole-project run stored."""
        return f"{os.path.abspath(path)}\0{shown}\0{module}\0{is_package}"

    def load(self, identity: str, digest: str, expected_type: type):
        """The cached result for this file and text, or None (missing, stale, corrupt or foreign)."""
        try:
            data = self._entry(identity).read_bytes()
        except OSError:
            self.misses += 1
            return None
        stamp = HEADER + digest.encode() + b"\n"
        result = None
        if data.startswith(stamp):
            try:
                result = _ResultUnpickler(io.BytesIO(data[len(stamp):])).load()
            except Exception:  # any damage at all: rebuild the entry
                result = None
        if not isinstance(result, expected_type):
            self.misses += 1
            return None
        self.hits += 1
        return result

    def store(self, identity: str, digest: str, result: object) -> None:
        """Write atomically (a reader sees the old entry or the new one); a read-only cache is no error."""
        try:
            self._prepare()
            payload = HEADER + digest.encode() + b"\n" + pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
            handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-")
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(payload)
                os.replace(temporary, self._entry(identity))
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass

    def _prepare(self) -> None:
        if self._ready:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "# created by compilelint\n*\n"),
                           ("CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"
                                            "# This directory is a cache created by compilelint.\n")):
            marker = self.root / name
            if not marker.exists():
                marker.write_text(text, encoding="utf-8")
        self._ready = True


def cache_directory(option: Optional[str], root: Path) -> Path:
    """--cache-dir (or $COMPILELINT_CACHE_DIR, which the CLI reads into it), else the project root's."""
    return Path(option) if option else root / DEFAULT_DIR
