"""The helper process (helper.py) changes where files are parsed, never the output: a partial run (what
pre-commit passes) prints the same with one core or two, cached or not, and when the helper fails."""

from __future__ import annotations

import os
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from compilelint import linter, pool
from compilelint.config import Config
from compilelint.context import ProjectContext
from compilelint.facts import FileFacts
from compilelint.helper import Helper
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled
from compilelint.results import FileResult
from tests.helpers import cli

BASE = textwrap.dedent("""\
    from torch import nn


    class Base(nn.Module):
        pass
    """)
# base.py's compile site makes the context parse it with libcst (in the helper, when there is one)
COMPILED_BASE = BASE + textwrap.dedent("""\


    def build():
        return torch.compile(Base())
    """).replace("from torch import nn", "import torch\nfrom torch import nn")
BLOCK = textwrap.dedent("""\
    from pkg.base import Base
    from pkg.ops import scale


    class Block(Base):
        def forward(self, x):
            if x.sum() > 0:
                x = scale(x)
            return x * x.max().item()
    """)
OPS = "def scale(x):\n    print(x)\n    return x * 2\n"


@pytest.fixture(params=[BASE, COMPILED_BASE], ids=["plain base", "base with a compile site"])
def project(tmp_path, request):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    for name, text in (("__init__", ""), ("base", request.param), ("block", BLOCK), ("ops", OPS)):
        (pkg / f"{name}.py").write_text(text)
    return tmp_path


def test_a_partial_run_prints_the_same_serial_helped_and_cached(project):
    common = ["pkg/block.py", "pkg/ops.py", "--isolated", "--output-format", "json", "--cache-dir",
              str(project / ".cache")]
    serial = cli(*common, "--no-cache", "-j", "1", cwd=project)
    helped = cli(*common, "--no-cache", "-j", "2", cwd=project)
    assert cli("pkg", "--isolated", "--cache-dir", str(project / ".cache"), cwd=project).exit_code == 1  # fills it
    (project / "pkg" / "block.py").write_text(BLOCK + "# edited\n")  # as in a commit: its entry is stale
    helped_cached = cli(*common, "-j", "2", cwd=project)
    serial_cached = cli(*common, "-j", "1", cwd=project)
    assert serial.exit_code == 1 and {'"code": "CL101"', '"code": "CL111"', '"code": "CL131"'} <= set(
        line.strip().rstrip(",") for line in serial.output.splitlines())
    assert serial.output == helped.output == helped_cached.output == serial_cached.output


def _lint_two(root: Path, jobs: int):
    files = [root / "pkg" / "block.py", root / "pkg" / "ops.py"]
    return lint(files, Config(root=root), list(all_rules()), tool_codes_enabled(()), jobs=jobs)


@pytest.mark.parametrize("failure", ["raises", "dies"])
def test_what_the_helper_cannot_parse_the_main_process_parses(project, monkeypatch, failure):
    serial = _lint_two(project, jobs=1)
    main_process = os.getpid()
    parse_and_lint = linter.parse_and_lint

    def failing_in_the_helper(source, *args):
        if os.getpid() != main_process and source.path.endswith("block.py"):
            if failure == "dies":
                os._exit(3)
            raise RuntimeError("a bug in a check")
        return parse_and_lint(source, *args)

    monkeypatch.setattr(linter, "parse_and_lint", failing_in_the_helper)
    helped = _lint_two(project, jobs=2)
    assert helped.findings == serial.findings and serial.findings


def test_the_context_read_with_stand_ins_is_read_again_only_when_the_parse_says_otherwise(project, monkeypatch):
    block = project / "pkg" / "block.py"
    result = linter.parse_and_lint(linter.read_source(block, "pkg/block.py")[0], "pkg.block", False, ())
    parsed = [(result, block)]
    early = ProjectContext(parsed, Config(root=project))
    assert early.again(parsed) is early
    names = sorted(Path(c.facts.path).name for c in early.files)
    assert "base.py" in names
    reads = []
    read_source = linter.read_source
    monkeypatch.setattr(linter, "read_source", lambda path, shown: reads.append(path.name) or read_source(path, shown))
    # a stand-in that defines other names: built anew, from what the first context read
    other_names = ProjectContext([(replace(result, facts=replace(result.facts, classes={})), block)],
                                 Config(root=project))
    del reads[:]
    again = other_names.again(parsed)
    assert again is not other_names and reads == []
    assert sorted(Path(c.facts.path).name for c in again.files) == names
    # a stand-in that imports nothing (the index could not read the file): the parse's imports are followed
    empty = ProjectContext([(FileResult("pkg/block.py", FileFacts("pkg/block.py", "pkg.block")), block)],
                           Config(root=project))
    assert empty.files == []
    assert sorted(Path(c.facts.path).name for c in empty.again(parsed).files) == names
    assert sorted(reads) == names


def test_a_warm_run_of_a_directory_forks_no_helper_and_named_files_fork_one_at_once(project, monkeypatch):
    forked = []
    start = Helper.__init__
    monkeypatch.setattr(Helper, "__init__", lambda self: forked.append(self) or start(self))
    common = ["--isolated", "--output-format", "json", "--cache-dir", str(project / ".cache"), "-j", "2"]
    cold = cli("pkg", *common, cwd=project)
    assert len(forked) == 1  # a small project: forked at its first file to parse
    warm = cli("pkg", *common, cwd=project)
    assert len(forked) == 1 and warm.output == cold.output  # nothing to parse: no helper
    cli("pkg/block.py", *common, cwd=project)
    assert len(forked) == 2  # before the cache says whether one is needed


def test_a_helper_that_cannot_fork_leaves_the_parsing_to_the_main_process(project, monkeypatch):
    serial = _lint_two(project, jobs=1)

    def no_more_processes():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_more_processes)
    assert _lint_two(project, jobs=2).findings == serial.findings
    assert cli("pkg/block.py", "--isolated", "--no-cache", "-j", "2", cwd=project).output == \
        cli("pkg/block.py", "--isolated", "--no-cache", "-j", "1", cwd=project).output


def test_the_context_files_to_parse_are_shared_between_the_main_process_and_the_helper(tmp_path, monkeypatch):
    """Without a cache, the context files compiled code calls into are parsed with libcst, as one batch: with a
    helper, some here and some there, with the serial run's findings."""
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text(BASE)
    calls = []
    for n in range(4):
        (pkg / f"ops{n}.py").write_text(f"def op{n}(x):\n    print(x)\n    return x + {n}\n")
        calls.append(f"from pkg.ops{n} import op{n}")
    block = "\n".join(calls) + "\nfrom pkg.base import Base\n\n\nclass Block(Base):\n    def forward(self, x):\n" \
        + "".join(f"        if op{n}(x).sum() > 0:\n            x = x * 2\n" for n in range(4)) + "        return x\n"
    (pkg / "block.py").write_text(block)
    parsed_here = []
    parse_and_lint = linter.parse_and_lint
    main_process = os.getpid()

    def recording(source, *args):
        if os.getpid() == main_process:
            parsed_here.append(Path(source.path).name)
        return parse_and_lint(source, *args)

    monkeypatch.setattr(linter, "parse_and_lint", recording)
    monkeypatch.setattr(pool, "HELPER_HEAD_START", 0)
    run = lambda jobs: lint([pkg / "block.py"], Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()),
                            jobs=jobs)
    serial = run(1)
    in_serial = sorted(name for name in parsed_here if name.startswith("ops"))
    assert in_serial == ["ops0.py", "ops1.py", "ops2.py", "ops3.py"]
    del parsed_here[:]
    helped = run(2)
    # each branch is on a tensor only as op{n}'s parsed facts tell (what it returns)
    assert helped.findings == serial.findings and [f.code for f in serial.findings] == ["CL101"] * 4
    here = sorted(name for name in parsed_here if name.startswith("ops"))
    assert here and len(here) < len(in_serial)  # the others went to the helper
