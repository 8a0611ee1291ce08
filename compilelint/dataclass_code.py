"""The code that `dataclasses` generates, compiled once per machine instead of once per process.

`import libcst` takes ~0.2 s, and a pre-commit run waits for it (helper.py): more than half of it is
`dataclasses` compiling the source it writes for the `__init__`, `__eq__`, `__repr__`... of libcst's ~200 node
classes (~1,000 texts, 0.37 MB). The same text always compiles to the same code, so inside
`cached_dataclass_code()` each text's code object is looked up in a table kept beside compilelint's own bytecode
(its `__pycache__`, or under `sys.pycache_prefix`), and compiled only when missing: `dataclasses` looks `exec` up
in its module's globals before the builtins, so a module global `exec` there is all it takes.

Like a .pyc file it is written only when Python writes bytecode (not under PYTHONDONTWRITEBYTECODE), replaced
atomically, and trusted as much: whoever can write it can write compilelint's .pyc files. Unreadable, foreign or
damaged, it is a miss; unwritable, it is not written. It starts with the interpreter's bytecode magic number,
as a .pyc file does (code objects of another bytecode format must never run), and its keys are the whole
texts, so a new Python, libcst or compilelint at worst misses.

No `from __future__ import annotations` here: `compile` would pass it on to the code it compiles (an
`exec` of a text in dataclasses.py inherits that module's future flags, which are none).
"""

import dataclasses
import importlib.util
import marshal
import os
import sys
import types
from contextlib import contextmanager
from typing import Dict, Iterator, Optional, Set

# Past this many texts the table holds only those the process used: what older versions left goes.
MAX_ENTRIES = 8192

_tables: Dict[Optional[str], Dict[str, types.CodeType]] = {}  # by path: the texts and code read, and compiled since
_table: Dict[str, types.CodeType] = {}  # the one the open block uses
_compiled_here = False  # a text was missing: the table is written when the block ends
_used: Set[str] = set()  # the texts this process executed


def table_path() -> Optional[str]:
    try:
        pyc = importlib.util.cache_from_source(__file__)
    except (NotImplementedError, ValueError, TypeError):  # no bytecode cache here (or no __file__)
        return None
    return os.path.splitext(pyc)[0] + ".marshal"


def _read(path: Optional[str]) -> Dict[str, types.CodeType]:
    if path is None:
        return {}
    try:
        with open(path, "rb") as stream:
            data = stream.read()  # whole: marshal.load(stream) reads it a few bytes at a time
        if not data.startswith(importlib.util.MAGIC_NUMBER):
            return {}
        table = marshal.loads(data[len(importlib.util.MAGIC_NUMBER):])
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {text: code for text, code in table.items() if isinstance(text, str) and isinstance(code, types.CodeType)}


def _write(path: Optional[str], table: Dict[str, types.CodeType]) -> None:
    if path is None or sys.dont_write_bytecode:
        return
    import tempfile

    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(importlib.util.MAGIC_NUMBER)
                marshal.dump(table, out)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:  # a read-only install: every process compiles, as without the table
        pass


def _exec(source, globals=None, locals=None):
    """`exec` for dataclasses.py: a text's code from the table."""
    global _compiled_here
    if type(source) is not str:
        return exec(source, globals, locals)
    code = _table.get(source)
    if code is None:
        code = _table[source] = compile(source, "<string>", "exec", dont_inherit=True)
        _compiled_here = True
    _used.add(source)
    return exec(code, globals, locals)


@contextmanager
def cached_dataclass_code(path: Optional[str] = None) -> Iterator[None]:
    """Imports in this block create their dataclasses with code from the table at `path` (default: table_path())."""
    global _table, _compiled_here
    if getattr(dataclasses, "exec", None) is not None:  # an outer block (or a dataclasses with an `exec` of its own)
        yield
        return
    path = table_path() if path is None else path
    if path not in _tables:
        _tables[path] = _read(path)
    _table = _tables[path]
    dataclasses.exec = _exec
    try:
        yield
    finally:
        del dataclasses.exec
        if _compiled_here:
            _compiled_here = False
            _write(path, _table if len(_table) <= MAX_ENTRIES else {text: _table[text] for text in _used if text in _table})
