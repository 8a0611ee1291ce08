"""The per-file cache and the worker pool change how fast, never what: same findings, byte for byte."""

from __future__ import annotations

import pickle
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from compilelint import context, linter
from compilelint.cache import Cache
from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import cli

BASE = textwrap.dedent("""\
    from torch import nn


    class Base(nn.Module):
        pass
    """)
# Its findings depend on base.py's facts: Block.forward is compiled only while Base is an nn.Module.
BLOCK = textwrap.dedent("""\
    from pkg.base import Base


    class Block(Base):
        def forward(self, x):
            if x.sum() > 0:
                x = x * 2
            return x * x.max().item()
    """)
OTHER = textwrap.dedent("""\
    import logging

    import torch


    @torch.compile
    def step(x):
        logging.info("step")
        return x.item()
    """)


@pytest.fixture
def project(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text(BASE)
    (pkg / "block.py").write_text(BLOCK)
    (pkg / "other.py").write_text(OTHER)
    return tmp_path


def _files(root: Path):
    return sorted((root / "pkg").glob("*.py"))


def _lint(root: Path, cache=None, codes=None, config=None, jobs=1):
    enabled = codes or list(all_rules())
    return lint(_files(root), config or Config(root=root), enabled, tool_codes_enabled(()), cache=cache, jobs=jobs)


def _cache(root: Path, codes=None, config=None) -> Cache:
    return Cache.for_run(root / ".cache", config or Config(root=root), codes or list(all_rules()))


def _rows(run):
    return [(f.path, f.start.row, f.code, f.message) for f in run.findings]


def test_second_run_is_served_from_the_cache_with_the_same_findings(project, monkeypatch):
    cold = _lint(project, cache=_cache(project))
    assert {code for _, _, code, _ in _rows(cold)} >= {"CL101", "CL111", "CL131"}

    def no_parsing(*args):
        raise AssertionError("an unchanged file was parsed again")

    monkeypatch.setattr(linter, "parse_and_lint", no_parsing)
    cache = _cache(project)
    warm = _lint(project, cache=cache)
    assert (cache.hits, cache.misses) == (4, 0)
    assert warm.findings == cold.findings


def _lint_block_only(root: Path, cache=None):
    # what pre-commit does: only the changed file is passed; the files it imports are its context
    return lint([root / "pkg" / "block.py"], Config(root=root), list(all_rules()), tool_codes_enabled(()), cache=cache)


@pytest.mark.parametrize("first_run", ["whole project", "same files"])
def test_linting_some_files_takes_the_facts_of_the_files_they_import_from_the_cache(project, monkeypatch, first_run):
    fresh = _lint_block_only(project)
    assert any(f.code == "CL101" for f in fresh.findings)  # Block is an nn.Module only through base.py
    if first_run == "whole project":
        _lint(project, cache=_cache(project))
    else:
        _lint_block_only(project, cache=_cache(project))
    (project / "pkg" / "block.py").write_text(BLOCK + "# edited\n")
    index_file = linter.index_file

    def no_context_indexing(text, path, *args):
        assert path.endswith("block.py"), f"an unchanged imported file was indexed again: {path}"
        return index_file(text, path, *args)

    monkeypatch.setattr(linter, "index_file", no_context_indexing)
    monkeypatch.setattr(context, "index_file", no_context_indexing)
    warm = _lint_block_only(project, cache=_cache(project))
    assert _rows(warm) == _rows(fresh)
    monkeypatch.undo()
    # the imported file changes: its facts are read again, and the findings follow
    (project / "pkg" / "base.py").write_text(BASE.replace("(nn.Module)", "(object)"))
    assert _lint_block_only(project, cache=_cache(project)).findings == []


def test_a_changed_file_is_linted_again_and_other_files_see_its_new_facts(project):
    _lint(project, cache=_cache(project))
    assert any(f.path.endswith("block.py") for f in _lint(project).findings)
    (project / "pkg" / "base.py").write_text(BASE.replace("(nn.Module)", "(object)"))
    cache = _cache(project)
    warm = _lint(project, cache=cache)
    assert (cache.hits, cache.misses) == (3, 1)
    # block.py came from the cache, yet its findings are gone: Block is no nn.Module any more
    assert not any(f.path.endswith("block.py") for f in warm.findings)
    assert warm.findings == _lint(project).findings


@pytest.mark.parametrize("change", ["config", "rules"])
def test_config_and_rule_changes_miss(project, change):
    _lint(project, cache=_cache(project))
    if change == "config":
        config = replace(Config(root=project), torch_version="2.4")
        cache = _cache(project, config=config)
        run = _lint(project, cache=cache, config=config)
        expected = _lint(project, config=config)
    else:
        codes = ["CL101"]
        cache = _cache(project, codes=codes)
        run = _lint(project, cache=cache, codes=codes)
        expected = _lint(project, codes=codes)
    assert (cache.hits, cache.misses) == (0, 4)
    assert run.findings == expected.findings


def test_tool_code_changes_miss(project, monkeypatch):
    _lint(project, cache=_cache(project))
    monkeypatch.setattr("compilelint.cache.code_fingerprint", lambda: "an edited check")
    cache = _cache(project)
    _lint(project, cache=cache)
    assert cache.misses == 4


class _Planted:
    """Unpickling this with the plain unpickler would create a file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


@pytest.mark.parametrize("damage", ["truncated", "garbage", "foreign pickle", "empty"])
def test_corrupt_or_foreign_entries_are_ignored_and_rebuilt(project, damage):
    cold = _lint(project, cache=_cache(project))
    entries = [p for p in _cache(project).directory.iterdir() if not p.name.startswith(".")]
    assert len(entries) == 4
    for entry in entries:
        data = entry.read_bytes()
        header_end = data.index(b"\n", data.index(b"\n") + 1) + 1
        entry.write_bytes({
            "truncated": data[: len(data) // 2],
            "garbage": data[:header_end] + b"\x80\x05not a pickle",
            "foreign pickle": data[:header_end] + pickle.dumps(_Planted(project / "planted")),
            "empty": b"",
        }[damage])
    cache = _cache(project)
    assert _lint(project, cache=cache).findings == cold.findings
    assert cache.misses == 4
    assert not (project / "planted").exists()
    rebuilt = _cache(project)
    _lint(project, cache=rebuilt)
    assert rebuilt.hits == 4


def test_unwritable_cache_directory_is_no_error(project):
    blocker = project / "not-a-directory"
    blocker.write_text("")
    cache = Cache.for_run(blocker / "cache", Config(root=project), list(all_rules()))
    assert _lint(project, cache=cache).findings == _lint(project).findings


def test_serial_parallel_and_cached_output_are_byte_identical(project, monkeypatch):
    for n in range(6):  # enough files for several workers
        (project / "pkg" / f"copy{n}.py").write_text(BLOCK + "\n" + OTHER.replace("import torch\n", ""))
    monkeypatch.setattr(linter, "PARALLEL_MIN_CHARS", 0)  # use the pool even for small files
    common = ["pkg", "--isolated", "--output-format", "json", "--cache-dir", str(project / ".cache")]
    serial = cli(*common, "--no-cache", "-j", "1", cwd=project)
    parallel = cli(*common, "--no-cache", "-j", "2", cwd=project)
    filled = cli(*common, "-j", "2", cwd=project)
    cached = cli(*common, "-j", "1", cwd=project)
    assert serial.exit_code == 1 and serial.output.count('"code": "CL1') >= 12
    assert serial.output == parallel.output == filled.output == cached.output
    assert any((project / ".cache").rglob("*")), "the cached run wrote no cache"


def test_cache_directory_from_the_environment(project, monkeypatch, tmp_path_factory):
    where = tmp_path_factory.mktemp("elsewhere")
    monkeypatch.setenv("COMPILELINT_CACHE_DIR", str(where))
    result = cli("pkg", "--isolated", cwd=project)
    assert result.exit_code == 1
    assert (where / "CACHEDIR.TAG").is_file() and not (project / ".compilelint_cache").exists()
