"""Parse a module with libcst, without re-validating every node the native parser builds.

libcst runs each node's `_validate` in `__post_init__` (a fifth of the parse). The checks guard
against trees built by hand (a Name with spaces, a missing parenthesis); the native parser only
builds trees from source it accepted, and tests/test_parsing.py shows that skipping them changes
neither the tree nor which files are syntax errors.

The cyclic garbage collector is off during the parse: a tree is a few hundred thousand fresh objects and no
cycle, and the collections they set off cost an eighth of the parse.

A big file's parse takes ~300 bytes of C heap per character (libcst's native parser and the tree), which
glibc keeps after the tree is freed: `release_memory` hands it back, so that the peak of a run is what it
holds plus one file's parse, not the sum of what earlier parses left behind.
"""

from __future__ import annotations

import gc
import sys
import threading

import libcst as cst
from libcst._nodes.base import CSTNode

_VALIDATING_POST_INIT = CSTNode.__post_init__
_lock = threading.Lock()  # the switch is process-wide: one parse at a time turns it off


def _skip_validation(self: CSTNode) -> None:
    pass


def parse_module(text: str) -> cst.Module:
    """`libcst.parse_module(text)` minus the node validation; raises what it raises."""
    with _lock:
        CSTNode.__post_init__ = _skip_validation
        collecting = gc.isenabled()
        gc.disable()
        try:
            return cst.parse_module(text)
        finally:
            CSTNode.__post_init__ = _VALIDATING_POST_INIT
            if collecting:
                gc.enable()


# Below this much source a parse leaves too little behind to be worth a trim (which walks the heap).
RELEASE_MIN_CHARS = 100_000
_malloc_trim = None  # glibc's, once looked up; False where there is none


def release_memory(text: str) -> None:
    """After the tree of `text` is freed: return glibc's free heap pages to the system."""
    global _malloc_trim
    if len(text) < RELEASE_MIN_CHARS:
        return
    if _malloc_trim is None:
        _malloc_trim = _find_malloc_trim()
    if _malloc_trim:
        _malloc_trim(0)


def _find_malloc_trim():
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # another C library (musl)
        return False
