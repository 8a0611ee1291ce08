"""The version of an installed distribution, from its metadata (linter.torch_version: the installed torch's, which
the GB ids follow), without importing it, and without importlib.metadata where the plain sys.path allows."""

from __future__ import annotations

import os
import re
import sys
from typing import Optional


def installed_version(name: str) -> Optional[str]:
    """`importlib.metadata.version(name)`, None when not installed. Loading importlib.metadata cost ~0.025 s CPU
    of imports at the first finding of a pre-commit run, on its critical path: where the distributions live in
    plain directories on sys.path, their `*.dist-info`/`*.egg-info` folders are read as importlib.metadata reads
    them (the first on the path, its METADATA or PKG-INFO); elsewhere (a zip on the path, another finder of
    distributions) importlib.metadata answers."""
    finders = [f for f in sys.meta_path if hasattr(f, "find_distributions")]
    if all(getattr(f, "__name__", None) == "PathFinder" for f in finders):
        try:
            return _version_on_path(name)
        except NotADirectoryError:  # a zip on the path
            pass
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def _version_on_path(name: str) -> Optional[str]:
    def normalized(text: str) -> str:
        return re.sub(r"[-_.]+", "_", text).lower()

    wanted = normalized(name)
    for entry in sys.path:
        try:
            children = os.listdir(entry or ".")
        except NotADirectoryError:
            raise
        except OSError:  # not there: nothing to find, for importlib.metadata either
            continue
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")) and normalized(low.rpartition(".")[0].partition("-")[0]) == wanted:
                return _metadata_version(os.path.join(entry or ".", child))
    return None


def _metadata_version(folder: str) -> Optional[str]:
    """The `Version` header of a distribution's METADATA (or PKG-INFO)."""
    for metadata in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, metadata), encoding="utf-8") as stream:
                for line in stream:
                    if not line.strip():
                        break  # the end of the headers
                    key, _, value = line.partition(":")
                    if key.strip().lower() == "version":
                        return value.strip()
            return None
        except OSError:
            continue
    return None
