"""Parse a module with libcst, without re-validating every node the native parser builds.

libcst runs each node's `_validate` in `__post_init__` (a fifth of the parse). The checks guard
against trees built by hand (a Name with spaces, a missing parenthesis); the native parser only
builds trees from source it accepted, and tests/test_parsing.py shows that skipping them changes
neither the tree nor which files are syntax errors.

The cyclic garbage collector is off during the parse: a tree is a few hundred thousand fresh objects and no
cycle, and the collections they set off cost an eighth of the parse.
"""

from __future__ import annotations

import gc
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
