"""Bad input gets a clear message and nothing is lost: never a traceback."""

from __future__ import annotations

import json
import os

from tests.helpers import cli, lint_text

FORWARD_IF = "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n            return x\n        return -x\n"


def _json(result):
    return json.loads(result.output)


def test_syntax_error_is_one_diagnostic_and_other_files_are_still_linted(tmp_path):
    (tmp_path / "broken.py").write_text("def f(:\n    pass\n")
    (tmp_path / "model.py").write_text(FORWARD_IF)
    result = cli("--output-format", "json", ".", cwd=tmp_path)
    assert result.exit_code == 1
    found = [(os.path.basename(f["filename"]), f["code"], f["location"]["row"]) for f in _json(result)]
    assert found == [("broken.py", "CL901", 1), ("model.py", "CL101", 4)]
    assert "syntax error" in _json(result)[0]["message"]


def test_undecodable_and_unreadable_files(tmp_path):
    (tmp_path / "latin.py").write_bytes(b"x = '\xff\xfe caf\xe9'\n")
    (tmp_path / "dangling.py").symlink_to(tmp_path / "does-not-exist.py")
    (tmp_path / "model.py").write_text(FORWARD_IF)
    result = cli("--output-format", "json", ".", cwd=tmp_path)
    found = sorted((os.path.basename(f["filename"]), f["code"]) for f in _json(result))
    assert found == [("dangling.py", "CL902"), ("latin.py", "CL902"), ("model.py", "CL101")]
    messages = {os.path.basename(f["filename"]): f["message"] for f in _json(result)}
    assert "cannot decode" in messages["latin.py"] and "cannot read" in messages["dangling.py"]


def test_declared_encoding_is_honoured(tmp_path):
    text = "# -*- coding: latin-1 -*-\n" + FORWARD_IF.replace("return -x", "return -x  # caf\xe9")
    (tmp_path / "latin.py").write_bytes(text.encode("latin-1"))
    assert [f["code"] for f in _json(cli("--output-format", "json", "latin.py", cwd=tmp_path))] == ["CL101"]


def test_nonexistent_path_exits_2(tmp_path):
    result = cli("missing_dir", cwd=tmp_path)
    assert result.exit_code == 2 and "missing_dir: no such file or directory" in result.output


def test_empty_file_and_directory_without_python(tmp_path):
    (tmp_path / "empty.py").write_text("")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.txt").write_text("not python")
    assert cli("empty.py", cwd=tmp_path).exit_code == 0
    result = cli("docs", cwd=tmp_path)
    assert result.exit_code == 0 and "0 files checked" in result.output


def test_bom_crlf_and_tabs(tmp_path):
    crlf = FORWARD_IF.replace("\n", "\r\n").encode("utf-8")
    (tmp_path / "bom.py").write_bytes(b"\xef\xbb\xbf" + crlf)
    (tmp_path / "tabs.py").write_text(FORWARD_IF.replace("    ", "\t"))
    found = _json(cli("--output-format", "json", ".", cwd=tmp_path))
    assert [(os.path.basename(f["filename"]), f["location"]) for f in found] == [
        ("bom.py", {"row": 4, "column": 12}), ("tabs.py", {"row": 4, "column": 6})]


def test_fifty_thousand_line_file(tmp_path):
    filler = "".join(f"CONST_{i} = {i}\n" for i in range(50_000 - 6))
    findings = lint_text(tmp_path, filler + FORWARD_IF)
    assert [(f.code, f.start.row) for f in findings] == [("CL101", 50_000 - 6 + 4)]


def test_deeply_nested_expression_does_not_blow_the_stack(tmp_path):
    nested = "x = " + "(" * 200 + "1" + ")" * 200 + "\ny = " + " + ".join(["a"] * 3000) + "\n"
    assert lint_text(tmp_path, nested + FORWARD_IF)[0].code == "CL101"


def test_symlink_loop_terminates(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "model.py").write_text(FORWARD_IF)
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path / "pkg", target_is_directory=True)
    (tmp_path / "self").symlink_to("self")  # a link to itself
    result = cli("--output-format", "json", ".", cwd=tmp_path)
    assert [os.path.basename(f["filename"]) for f in _json(result)] == ["model.py"]


def test_gitignore_is_respected(tmp_path):
    (tmp_path / ".gitignore").write_text("generated/\n")
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "model.py").write_text(FORWARD_IF)
    (tmp_path / "model.py").write_text(FORWARD_IF)
    files = [os.path.basename(os.path.dirname(f["filename"])) + "/" + os.path.basename(f["filename"])
             for f in _json(cli("--output-format", "json", ".", cwd=tmp_path))]
    assert files == [tmp_path.name + "/model.py"]
