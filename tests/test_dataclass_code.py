"""The table of compiled dataclass code (dataclass_code.py) changes how fast libcst loads, never what it builds."""

from __future__ import annotations

import dataclasses
import importlib.util
import inspect
import json
import os
import subprocess
import sys
import textwrap

import pytest

from compilelint import dataclass_code
from compilelint.dataclass_code import cached_dataclass_code
from tests.helpers import REPO


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A fresh table file, written as when Python writes bytecode, read anew by each test."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(dataclass_code, "_tables", {})
    return str(tmp_path / "pycache" / "dataclass_code.marshal")


def make_point():
    @dataclasses.dataclass(frozen=True, order=True)
    class Point:
        x: int
        y: float = 0.5
        tags: list = dataclasses.field(default_factory=list, hash=False)

    return Point


def behaviour(cls) -> dict:
    """What a dataclass's generated methods do, and how they present themselves."""
    a, b = cls(1, 2.0, ["t"]), cls(1)
    return {"repr": [repr(a), repr(b)], "eq": [a == cls(1, 2.0, ["t"]), a == b], "order": a > b,
            "hash": hash(b) == hash(cls(1)), "signature": str(inspect.signature(cls)),
            "annotations": {k: repr(v) for k, v in cls.__init__.__annotations__.items()},
            "code": {name: getattr(cls, name).__code__.co_code.hex() for name in ("__init__", "__repr__", "__eq__", "__lt__")}}


def test_a_class_built_from_the_table_behaves_as_one_built_without(table):
    plain = behaviour(make_point())
    with cached_dataclass_code(table):
        first = behaviour(make_point())  # compiled, then written
    assert os.path.getsize(table) > 0
    dataclass_code._tables.clear()
    with cached_dataclass_code(table):
        from_table = behaviour(make_point())
    assert first == plain and from_table == plain


def test_a_run_that_finds_every_text_in_the_table_does_not_write_it(table):
    with cached_dataclass_code(table):
        make_point()
    before = os.stat(table).st_mtime_ns
    os.utime(table, ns=(before - 10**9, before - 10**9))  # a rewrite would move it forward again
    dataclass_code._tables.clear()
    with cached_dataclass_code(table):
        make_point()
    assert os.stat(table).st_mtime_ns == before - 10**9


@pytest.mark.parametrize("damage", [b"", b"not marshal data", b"\xe9" * 40, "marshal of a list"],
                         ids=["empty", "text", "bytes", "a list"])
def test_a_damaged_or_foreign_table_is_a_miss_and_is_rewritten(table, damage):
    import marshal

    os.makedirs(os.path.dirname(table))
    with open(table, "wb") as out:
        out.write(importlib.util.MAGIC_NUMBER + marshal.dumps(["a", "list"]) if damage == "marshal of a list" else damage)
    with cached_dataclass_code(table):
        point = make_point()
    assert behaviour(point) == behaviour(make_point())
    with open(table, "rb") as stream:
        data = stream.read()
    assert data.startswith(importlib.util.MAGIC_NUMBER)
    assert isinstance(marshal.loads(data[len(importlib.util.MAGIC_NUMBER):]), dict)


def test_a_table_of_another_bytecode_format_is_a_miss(table, monkeypatch):
    with cached_dataclass_code(table):
        make_point()
    with open(table, "rb") as stream:
        data = stream.read()
    assert data.startswith(importlib.util.MAGIC_NUMBER)
    with open(table, "wb") as out:  # another interpreter's magic number before this one's code
        out.write(bytes(b ^ 0xFF for b in importlib.util.MAGIC_NUMBER) + data[len(importlib.util.MAGIC_NUMBER):])
    dataclass_code._tables.clear()
    compiled = []
    monkeypatch.setattr(dataclass_code, "compile", lambda *args, **kwargs: compiled.append(args[0]) or compile(*args, **kwargs),
                        raising=False)
    with cached_dataclass_code(table):
        assert behaviour(make_point()) == behaviour(make_point())
    assert compiled  # nothing was taken from the foreign table


def test_nothing_is_written_when_python_writes_no_bytecode(table, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    with cached_dataclass_code(table):
        make_point()
    assert not os.path.exists(table)


def test_dataclasses_is_left_as_found_even_when_blocks_nest_or_fail(table):
    with pytest.raises(ZeroDivisionError):
        with cached_dataclass_code(table):
            with cached_dataclass_code(table):
                make_point()
            assert dataclasses.exec is dataclass_code._exec  # the inner block leaves the outer one's
            1 / 0
    assert not hasattr(dataclasses, "exec")


def test_libcst_loaded_from_the_table_parses_as_libcst_loaded_without(tmp_path):
    """Two fresh processes: one fills the table while loading libcst, one loads libcst from it; both print
    what a third, without the table, prints."""
    probe = textwrap.dedent("""\
        import json, sys
        from compilelint.dataclass_code import cached_dataclass_code
        if sys.argv[1] == "table":
            sys.dont_write_bytecode = False
            with cached_dataclass_code(sys.argv[2]):
                import libcst
        else:
            import libcst
        module = libcst.parse_module("def f(x, *, y=1):\\n    return x[y] + (y if x else -y)\\n")
        print(json.dumps([repr(module), module.code, str(libcst.Name.__init__.__annotations__),
                          module.deep_equals(libcst.parse_module(module.code))]))
        """)
    path = str(tmp_path / "libcst.marshal")

    def run(*args):
        done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True,
                              env=dict(os.environ, PYTHONPATH=str(REPO)))
        return json.loads(done.stdout)

    plain = run("plain")
    filled = run("table", path)
    assert os.path.getsize(path) > 100_000  # libcst's node classes
    assert run("table", path) == filled == plain
