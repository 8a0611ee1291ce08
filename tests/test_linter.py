"""linter.lint's bookkeeping of the cache: which results it stores back (its findings are test_cache's)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint import linter
from compilelint.cache import Cache
from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled

HELPERS = "def scale(x):\n    return x.item()\n"
MODEL = textwrap.dedent("""\
    import torch


    @torch.compile
    def step(x):
        return x + 1
    """)
MODEL_CALLING_HELPERS = textwrap.dedent("""\
    import torch

    from pkg.helpers import scale


    @torch.compile
    def step(x):
        return scale(x)
    """)


def test_a_cached_file_that_a_later_round_parses_is_stored_again_parsed(tmp_path, monkeypatch):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "helpers.py").write_text(HELPERS)
    (pkg / "model.py").write_text(MODEL)
    config, enabled = Config(root=tmp_path), list(all_rules())

    def run():
        cache = Cache.for_run(tmp_path / ".cache", config, enabled)
        done = lint(sorted(pkg.glob("*.py")), config, enabled, tool_codes_enabled(()), cache=cache)
        checked = {Path(path).name: result.checked for path, result in done.results.items()}
        return done, checked, (cache.hits, cache.misses)

    _, checked, _ = run()
    assert checked["helpers.py"] is False  # nothing compiled calls it: indexed only, and cached so
    (pkg / "model.py").write_text(MODEL_CALLING_HELPERS)
    second, checked, counts = run()
    assert counts == (2, 1) and checked["helpers.py"] is True  # its cached index facts, then parsed in a round
    assert [(Path(f.path).name, f.code) for f in second.findings] == [("helpers.py", "CL111")]

    def no_parsing(*args):
        raise AssertionError("a file was parsed again: its parsed result was not stored")

    monkeypatch.setattr(linter, "parse_and_lint", no_parsing)
    third, checked, counts = run()
    assert counts == (3, 0) and checked["helpers.py"] is True
    assert third.findings == second.findings
