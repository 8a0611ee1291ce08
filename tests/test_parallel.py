"""Parse scheduling: when files are parsed and where the workers come from (their output is test_cache's)."""

from __future__ import annotations

import multiprocessing
import textwrap
from pathlib import Path

from compilelint import linter
from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled

COMPILED = textwrap.dedent("""\
    import torch


    @torch.compile
    def step(x):
        return x.item()
    """)
PLAIN = "def helper(x):\n    return x + 1\n"


def _project(tmp_path: Path) -> list:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a_compiled.py").write_text(COMPILED)
    (pkg / "b_plain.py").write_text(PLAIN)
    return sorted(pkg.glob("*.py"))


def test_a_file_with_a_trigger_is_parsed_before_the_index_goes_on(tmp_path, monkeypatch):
    files = _project(tmp_path)
    events = []
    index_file, parse_and_lint = linter.index_file, linter.parse_and_lint
    monkeypatch.setattr(linter, "index_file", lambda text, path, *args: events.append(("index", Path(path).name))
                        or index_file(text, path, *args))
    monkeypatch.setattr(linter, "parse_and_lint", lambda source, *args: events.append(("parse", Path(source.path).name))
                        or parse_and_lint(source, *args))
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    assert events == [("index", "__init__.py"), ("index", "a_compiled.py"), ("parse", "a_compiled.py"),
                      ("index", "b_plain.py")]
    assert [(Path(f.path).name, f.code) for f in run.findings] == [("a_compiled.py", "CL111")]


def test_workers_fork_before_any_source_is_read(tmp_path, monkeypatch):
    files = _project(tmp_path)
    monkeypatch.setattr(linter, "PARALLEL_MIN_CHARS", 0)
    workers_at_first_read = []
    read_source = linter.read_source

    def counting(path, shown):
        if not workers_at_first_read:
            workers_at_first_read.append(len(multiprocessing.active_children()))
        return read_source(path, shown)

    monkeypatch.setattr(linter, "read_source", counting)
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()), jobs=2)
    assert workers_at_first_read == [2]
    assert [(Path(f.path).name, f.code) for f in run.findings] == [("a_compiled.py", "CL111")]


def test_few_characters_on_disk_start_no_workers(tmp_path, monkeypatch):
    files = _project(tmp_path)
    started = []
    monkeypatch.setattr(linter._Parser, "start", lambda self: started.append(self.jobs))
    lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()), jobs=2)
    assert started == [1]  # well under PARALLEL_MIN_CHARS: parsed in the main process
