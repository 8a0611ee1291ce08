"""Parse scheduling: when files are parsed and where the workers come from (their output is test_cache's)."""

from __future__ import annotations

import multiprocessing
import textwrap
from pathlib import Path

from compilelint import linter, pool
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


def test_files_are_taken_biggest_first_and_a_file_with_a_trigger_is_parsed_before_the_index_goes_on(
        tmp_path, monkeypatch):
    files = _project(tmp_path)
    events = []
    index_file, parse_and_lint = linter.index_file, linter.parse_and_lint
    monkeypatch.setattr(linter, "index_file", lambda text, path, *args: events.append(("index", Path(path).name))
                        or index_file(text, path, *args))
    monkeypatch.setattr(linter, "parse_and_lint", lambda source, *args: events.append(("parse", Path(source.path).name))
                        or parse_and_lint(source, *args))
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    assert events == [("index", "a_compiled.py"), ("parse", "a_compiled.py"), ("index", "b_plain.py"),
                      ("index", "__init__.py")]
    assert [(Path(f.path).name, f.code) for f in run.findings] == [("a_compiled.py", "CL111")]


def test_workers_fork_at_the_first_file_to_parse(tmp_path, monkeypatch):
    files = _project(tmp_path)
    monkeypatch.setattr(linter, "PARALLEL_MIN_CHARS", 0)
    workers_at_read = []
    read_source = linter.read_source

    def counting(path, shown):
        workers_at_read.append(len(multiprocessing.active_children()))
        return read_source(path, shown)

    monkeypatch.setattr(linter, "read_source", counting)
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()), jobs=3)
    # a_compiled.py (indexed: a compile trigger, so the workers fork), b_plain.py, __init__.py (biggest first);
    # this process is the third
    assert workers_at_read == [0, 2, 2]
    assert [(Path(f.path).name, f.code) for f in run.findings] == [("a_compiled.py", "CL111")]


def _starts(monkeypatch) -> list:
    started = []
    start = pool.ParsePool.start
    monkeypatch.setattr(pool.ParsePool, "start", lambda self: started.append(self.jobs) or start(self))
    return started


def test_few_characters_on_disk_start_no_workers(tmp_path, monkeypatch):
    files = _project(tmp_path)
    started = _starts(monkeypatch)
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()), jobs=2)
    assert started == []  # well under PARALLEL_MIN_CHARS: no pool (the helper process or this one parses)
    assert [(Path(f.path).name, f.code) for f in run.findings] == [("a_compiled.py", "CL111")]


def test_a_run_that_parses_nothing_starts_no_workers(tmp_path, monkeypatch):
    files = _project(tmp_path)
    files[1].write_text(PLAIN)  # no compile trigger left: every file is indexed only
    monkeypatch.setattr(linter, "PARALLEL_MIN_CHARS", 0)
    started = _starts(monkeypatch)
    run = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()), jobs=2)
    assert started == [] and run.findings == []


def test_packed_texts_read_back_as_they_were_read(tmp_path, monkeypatch):
    files = _project(tmp_path)
    (tmp_path / "pkg" / "c_latin.py").write_bytes("# -*- coding: latin-1 -*-\nNAME = 'caf\xe9'\n".encode("latin-1"))
    (tmp_path / "pkg" / "d_bom.py").write_bytes(b"\xef\xbb\xbfWIDE = '\xf0\x9f\x94\xa5 \xe2\x82\xac'\n")
    files = sorted((tmp_path / "pkg").glob("*.py"))
    plain = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    monkeypatch.setattr(linter, "PACK_MIN_CHARS", 0)
    packed = lint(files, Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    assert all(type(held) is tuple for held in packed.sources._sources.values())  # held compressed
    assert not any(type(held) is tuple for held in plain.sources._sources.values())
    assert packed.findings == plain.findings and [f.code for f in packed.findings] == ["CL111"]
    for path in files:
        shown = linter.shown_path(path, Path.cwd())
        assert packed.sources[shown] == plain.sources[shown] == linter.read_source(path, shown)[0]


def test_packed_candidates_give_the_findings_and_the_cache_entries_of_plain_ones(tmp_path, monkeypatch):
    from compilelint.cache import Cache

    files = _project(tmp_path)
    # parsed for its compile call, and none of its candidates is compiled: packed, and never read
    (tmp_path / "pkg" / "c_eager.py").write_text(
        "import torch\n\n\ndef build(model):\n    return torch.compile(model)\n\n\ndef eager(x):\n    return x.item()\n")
    files = sorted((tmp_path / "pkg").glob("*.py"))
    config, enabled = Config(root=tmp_path), list(all_rules())
    plain = lint(files, config, enabled, tool_codes_enabled(()), cache=Cache.for_run(tmp_path / "plain", config, enabled))
    monkeypatch.setattr(linter, "PACK_MIN_CHARS", 0)
    cache = Cache.for_run(tmp_path / "packed", config, enabled)
    packed = lint(files, config, enabled, tool_codes_enabled(()), cache=cache)
    held = {Path(path).name: result.candidates for path, result in packed.results.items()}
    assert type(held["a_compiled.py"]) is type(held["c_eager.py"]) is linter.PackedCandidates
    assert "eager" in held["c_eager.py"].functions
    assert packed.findings == plain.findings and [f.code for f in packed.findings] == ["CL111"]
    for path, result in plain.results.items():
        assert list(packed.results[path].candidates) == result.candidates
    # the cache holds plain lists: a warm run reads them back
    warm = lint(files, config, enabled, tool_codes_enabled(()), cache=cache)
    assert warm.findings == plain.findings
    assert all(type(result.candidates) is list for result in warm.results.values())


def test_a_module_forward_is_parsed_on_speculation_and_its_calls_reach_on(tmp_path, monkeypatch):
    """With a worker beside it, a file with a module's forward is parsed while the index goes on, not in a region
    round; the rounds wait for that parse before they end: only its call records reach helpers.py."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "model.py").write_text(textwrap.dedent("""\
        import torch

        from pkg.helpers import scale


        class Net(torch.nn.Module):
            def forward(self, x):
                return scale(x)
        """))
    (pkg / "helpers.py").write_text("def scale(x):\n    return x.item()\n")
    (pkg / "grad.py").write_text(textwrap.dedent("""\
        import torch


        class Square(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x.item()
        """))
    files = sorted(pkg.glob("*.py"))
    config, enabled = Config(root=tmp_path), list(all_rules())
    serial = lint(files, config, enabled, tool_codes_enabled(()), jobs=1)
    monkeypatch.setattr(linter, "PARALLEL_MIN_CHARS", 0)
    submitted = []
    submit = pool.ParsePool.submit
    monkeypatch.setattr(pool.ParsePool, "submit", lambda self, job, required=True: submitted.append(
        (Path(job.source.path).name, required)) or submit(self, job, required))
    parallel = lint(files, config, enabled, tool_codes_enabled(()), jobs=2)
    assert submitted[0] == ("model.py", False) and ("grad.py", False) not in submitted
    assert ("helpers.py", True) in submitted  # in a round, once the parse of model.py has reached it
    assert parallel.findings == serial.findings
    assert ("helpers.py", "CL111") in [(Path(f.path).name, f.code) for f in parallel.findings]
