"""A warm run (every file in the cache) loads neither libcst nor the checks: hits are plain data."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

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
    heavy = sorted(m for m in ("libcst", "compilelint.engine", "compilelint.checks") if m in sys.modules)
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
    cold = _run(tmp_path)
    warm = _run(tmp_path)
    assert "libcst" in cold["heavy"] and "compilelint.checks" in cold["heavy"]
    assert warm["heavy"] == []
    assert warm["output"] == cold["output"] and json.loads(warm["output"])  # the same finding, from the cache
