"""What the main process loads: a warm run (every file in the cache) neither libcst nor the checks (hits are
plain data); a small run with a second core neither (its files are parsed in the helper process); neither
loads importlib.metadata to read the installed torch's version at its first finding."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from compilelint.index import ANYWHERE_TRIGGERS
from compilelint.registry import all_rules
from tests.helpers import REPO

MODEL = textwrap.dedent("""\
    import torch


    @torch.compile
    def step(x):
        return x * x.max().item()
    """)

# runs the CLI in-process, then reports its output and which of our heavy modules were imported
PROBE = textwrap.dedent("""\
    import contextlib, io, json, sys
    from compilelint.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(sys.argv[1:], standalone_mode=False)
        except SystemExit:
            pass
    heavy = sorted(m for m in ("libcst", "compilelint.engine", "compilelint.checks", "importlib.metadata")
                   if m in sys.modules)
    print(json.dumps({"output": out.getvalue(), "heavy": heavy}))
    """)


def _run(tmp_path, *args):
    argv = [sys.executable, "-c", PROBE, "--isolated", "--output-format", "json", "--cache-dir",
            str(tmp_path / "cache"), *args, str(tmp_path / "model.py")]
    done = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    return json.loads(done.stdout)


def test_warm_run_imports_no_parser_and_no_check(tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    cold = _run(tmp_path, "-j", "1")
    warm = _run(tmp_path, "-j", "1")
    assert "libcst" in cold["heavy"] and "compilelint.checks" in cold["heavy"]
    assert warm["heavy"] == []
    assert warm["output"] == cold["output"] and json.loads(warm["output"])  # the same finding, from the cache


def test_with_a_second_core_the_helper_parses_and_the_main_process_loads_no_parser(tmp_path):
    (tmp_path / "model.py").write_text(MODEL)
    serial = _run(tmp_path, "-j", "1", "--no-cache")
    helped = _run(tmp_path, "-j", "2", "--no-cache")
    assert "libcst" in serial["heavy"]
    assert helped["heavy"] == []
    assert helped["output"] == serial["output"] and json.loads(helped["output"])


def test_deciding_which_files_to_parse_needs_no_check():
    """The pre-filter reads index.ANYWHERE_TRIGGERS instead of each check's `anywhere`: they must agree."""
    anywhere = {code for code, rule in all_rules().items() if rule.check.anywhere}
    assert anywhere == set(ANYWHERE_TRIGGERS)
