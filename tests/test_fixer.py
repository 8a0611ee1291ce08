"""The fixer's contract: applicability, overlaps, fixpoint, re-parse, atomic writes, encodings, CLI."""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from pathlib import Path

from compilelint.config import Config
from compilelint.findings import Applicability, Edit, Fix, Location
from compilelint.fixer import apply_fixes, fix_run, write_atomically
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import cli, cli_subprocess, fix_paths, fixed_text

PRINTING = """\
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        print("shape", x.shape)
        return x * 2
"""
GUARDED = """\
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x):
        if not torch.compiler.is_compiling():
            print("shape", x.shape)
        return x * 2
"""


def _fix(start, end, content, applicability=Applicability.SAFE):
    return Fix(applicability, "test", (Edit(content, Location(*start), Location(*end)),))


def test_non_overlapping_edits_apply_in_one_pass_and_overlapping_ones_wait():
    text = "abcdef\nghij\n"
    first = _fix((1, 2), (1, 4), "XY")
    overlapping = _fix((1, 3), (1, 5), "Q")
    later = _fix((2, 1), (2, 2), "G")
    out, applied = apply_fixes(text, [("CL1", overlapping), ("CL1", first), ("CL2", later)])
    assert out == "aXYdef\nGhij\n"
    assert applied == {"CL1": 1, "CL2": 1}


def test_an_edit_shared_by_two_fixes_is_applied_once():
    imp = Edit("import torch\n", Location(1, 1), Location(1, 1))
    a = Fix(Applicability.SAFE, "a", (imp, Edit("A", Location(2, 1), Location(2, 2))))
    b = Fix(Applicability.SAFE, "b", (imp, Edit("B", Location(3, 1), Location(3, 2))))
    out, applied = apply_fixes("x = 1\na\nb\n", [("CL1", a), ("CL1", b)])
    assert out == "import torch\nx = 1\nA\nB\n"
    assert applied["CL1"] == 2


def test_two_insertions_at_one_point_conflict():
    a, b = _fix((1, 1), (1, 1), "A"), _fix((1, 1), (1, 1), "B")
    out, _ = apply_fixes("x\n", [("CL1", a), ("CL2", b)])
    assert out == "Ax\n"


def test_safe_fix_applies_and_a_second_run_changes_nothing(tmp_path):
    once = fixed_text(tmp_path, PRINTING, unsafe=False)
    assert once == GUARDED
    assert fixed_text(tmp_path, once, unsafe=True, name="again.py") == once


def test_needed_import_is_added_once_with_the_modules_alias(tmp_path):
    aliased = PRINTING.replace("import torch\n", "import torch as th\n").replace(
        '        print("shape", x.shape)\n', '        print("a")\n        print("b")\n')
    out = fixed_text(tmp_path, aliased, unsafe=False)
    assert out.count("if not th.compiler.is_compiling():") == 2 and "import torch\n" not in out
    missing = '"""Doc."""\nfrom __future__ import annotations\n' + aliased.replace("import torch as th\n", "")
    out = fixed_text(tmp_path, missing, unsafe=False, name="missing.py")
    assert out.startswith('"""Doc."""\nfrom __future__ import annotations\nimport torch\nfrom torch import nn\n')
    assert out.count("import torch\n") == 1 and out.count("torch.compiler.is_compiling()") == 2


def test_display_only_and_unfixable_are_never_applied(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINTING)
    outcomes, run = fix_paths([path], unsafe=True, config=Config(root=tmp_path, unfixable=("CL13",)))
    assert not any(o.changed for o in outcomes.values())
    assert [f.fix.applicability for f in run.findings] == [Applicability.DISPLAY_ONLY]


def test_extend_unsafe_fixes_needs_unsafe_and_extend_safe_fixes_promotes(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINTING)
    demoted = Config(root=tmp_path, extend_unsafe_fixes=("CL131",))
    outcomes, _ = fix_paths([path], unsafe=False, config=demoted)
    assert not any(o.changed for o in outcomes.values())
    outcomes, _ = fix_paths([path], unsafe=True, config=demoted)
    assert [o.fixed for o in outcomes.values()] == [GUARDED]
    assert Config(root=tmp_path, extend_safe_fixes=("CL1",)).fix_applicability(
        "CL101", Applicability.UNSAFE) == Applicability.SAFE


def test_fixes_that_do_not_parse_leave_the_file_unchanged(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINTING)
    config = Config(root=tmp_path)
    enabled, tools = list(all_rules()), tool_codes_enabled(())
    run = lint([path], config, enabled, tools)
    broken = _fix((6, 5), (6, 5), "(((")
    run.findings = [dataclasses.replace(f, fix=broken) for f in run.findings]
    outcomes = fix_run(run, config, enabled, tools, unsafe=True)
    outcome = next(iter(outcomes.values()))
    assert outcome.problem and not outcome.changed
    assert next(iter(run.sources.values())).text == PRINTING
    assert [f.code for f in run.findings] == ["CL131"]


def test_crlf_bom_and_declared_encoding_are_preserved(tmp_path):
    crlf = tmp_path / "crlf.py"
    crlf.write_bytes(b"\xef\xbb\xbf" + PRINTING.replace("\n", "\r\n").encode())
    latin = tmp_path / "latin.py"
    latin.write_bytes(("# -*- coding: latin-1 -*-\n" + PRINTING.replace('"shape"', '"\u00e9t\u00e9"')).encode("latin-1"))
    result = cli("--fix", str(crlf), str(latin), cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert crlf.read_bytes() == b"\xef\xbb\xbf" + GUARDED.replace("\n", "\r\n").encode()
    expected = "# -*- coding: latin-1 -*-\n" + GUARDED.replace('"shape"', '"\u00e9t\u00e9"')
    assert latin.read_bytes() == expected.encode("latin-1")


def test_atomic_write_keeps_the_mode_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("old\n")
    os.chmod(path, 0o751)
    write_atomically(path, b"new\n")
    assert path.read_bytes() == b"new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o751
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.py"]


def test_fix_writes_through_a_symlink_to_its_target(tmp_path):
    target = tmp_path / "real.py"
    target.write_text(PRINTING)
    link = tmp_path / "link.py"
    link.symlink_to(target)
    assert cli("--fix", str(link), cwd=tmp_path).exit_code == 0
    assert link.is_symlink() and target.read_text() == GUARDED


def test_files_with_syntax_errors_are_never_touched(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text(PRINTING + "def (:\n")
    good = tmp_path / "good.py"
    good.write_text(PRINTING)
    result = cli("--fix", str(broken), str(good), cwd=tmp_path)
    assert result.exit_code == 1 and "CL901" in result.output
    assert broken.read_text() == PRINTING + "def (:\n"
    assert good.read_text() == GUARDED


def test_diff_prints_a_diff_writes_nothing_and_exits_1(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINTING)
    proc = cli_subprocess("--diff", "m.py", cwd=tmp_path)
    assert proc.returncode == 1
    out = proc.stdout.decode()
    assert out.startswith("--- a/m.py\n+++ b/m.py\n")
    assert "+        if not torch.compiler.is_compiling():\n" in out
    assert b"Would fix 1 error." in proc.stderr
    assert path.read_text() == PRINTING
    path.write_text(GUARDED)
    proc = cli_subprocess("--diff", "m.py", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout == b""


def test_fix_reports_what_remains_and_show_fixes_lists_what_was_fixed(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINTING.replace("return x * 2", "return x * x.sum().item()"))
    result = cli("--fix", "--show-fixes", "m.py", cwd=tmp_path)
    assert result.exit_code == 1
    assert "Found 2 errors (1 fixed, 1 remaining)." in result.output
    assert "Fixed 1 error:\n- m.py:\n    1 \u00d7 CL131 (logging-in-compiled-code)\n" in result.output
    assert "CL111" in result.output and "CL131 `print`" not in result.output


def test_stdin_with_fix_prints_the_fixed_source(tmp_path):
    proc = cli_subprocess("--fix", "-", "--stdin-filename", "m.py", cwd=tmp_path, input=PRINTING.encode())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == GUARDED
    assert not (tmp_path / "m.py").exists()


def test_json_and_sarif_carry_the_fix_edits(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(PRINTING)
    data = json.loads(cli("--output-format", "json", "m.py", cwd=tmp_path).output)
    fix = data[0]["fix"]
    assert fix["applicability"] == "safe"
    assert fix["edits"] == [{"content": 'if not torch.compiler.is_compiling():\n            print("shape", x.shape)',
                             "location": {"row": 7, "column": 9}, "end_location": {"row": 7, "column": 32}}]
    sarif = json.loads(cli("--output-format", "sarif", "m.py", cwd=tmp_path).output)
    replacement = sarif["runs"][0]["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement["insertedContent"]["text"] == fix["edits"][0]["content"]
    assert replacement["deletedRegion"]["startLine"] == 7


def test_config_keys_for_fixes_are_read(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.compilelint]\nunfixable = ["CL131"]\nunsafe-fixes = true\n')
    path = tmp_path / "m.py"
    path.write_text(PRINTING)
    result = cli("--fix", "m.py", cwd=tmp_path)
    assert result.exit_code == 1 and path.read_text() == PRINTING
    assert "fix (display-only)" in result.output
