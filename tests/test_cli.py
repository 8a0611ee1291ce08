"""The command-line contract (UX.md): selection, formats, exit codes, config, stdin."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import jsonschema
import pytest

from tests.helpers import REPO, cli, cli_subprocess

BAD = textwrap.dedent("""\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x):
            if x.sum() > 0:
                x = x * 2
            print("hi")
            return x * x.max().item()
    """)
CLEAN = textwrap.dedent("""\
    import torch
    from torch import nn


    class Net(nn.Module):
        def forward(self, x):
            return torch.where(x.sum() > 0, x * 2, x)
    """)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "models").mkdir()
    (tmp_path / "models" / "bad.py").write_text(BAD)
    (tmp_path / "models" / "clean.py").write_text(CLEAN)
    return tmp_path


def test_exit_codes(project):
    assert cli("models/clean.py", cwd=project).exit_code == 0
    assert cli("models", cwd=project).exit_code == 1
    assert cli("--exit-zero", "models", cwd=project).exit_code == 0
    missing = cli("nope.py", cwd=project)
    assert missing.exit_code == 2 and "nope.py: no such file" in missing.output


def test_full_format_shows_source_caret_help_and_region(project):
    result = cli("models/bad.py", cwd=project)
    out = result.output
    assert "models/bad.py:7:12: CL101 " in out
    assert "7 |         if x.sum() > 0:" in out
    assert "  |            ^^^^^^^^^^^ CL101" in out
    assert "= help: graph break GB0170 (Data-dependent branching)" in out
    assert "= compiled: Net.forward (forward of nn.Module subclass Net; assumed)" in out
    assert "Found 3 errors." in out


def test_concise_and_statistics(project):
    lines = cli("--output-format", "concise", "-q", "models", cwd=project).output.splitlines()
    assert [l.split(": ")[0].split(" ")[-1] for l in lines] == ["models/bad.py:7:12", "models/bad.py:9:9", "models/bad.py:10:20"]
    stats = cli("--statistics", "models", cwd=project).output.splitlines()
    assert sorted(s.split("\t")[1] for s in stats) == ["CL101", "CL111", "CL131"]


def test_selection_by_code_prefix_all_and_ignore(project):
    def codes(*args):
        out = cli("--output-format", "json", *args, "models", cwd=project).output
        return sorted({f["code"] for f in json.loads(out)})

    assert codes() == ["CL101", "CL111", "CL131"]
    assert codes("--select", "CL101") == ["CL101"]
    assert codes("--select", "CL11,CL13") == ["CL111", "CL131"]
    assert codes("--select", "ALL", "--ignore", "CL1") == []
    assert codes("--ignore", "CL131") == ["CL101", "CL111"]
    assert codes("--select", "CL101", "--extend-select", "CL131") == ["CL101", "CL131"]
    bad = cli("--select", "XX1", "models", cwd=project)
    assert bad.exit_code == 2 and "unknown rule selector `XX1`" in bad.output


def test_json_has_ruff_keys_and_ours(project):
    data = json.loads(cli("--output-format", "json", "models/bad.py", cwd=project).output)
    first = data[0]
    for key in ("code", "name", "message", "filename", "location", "end_location", "fix", "url", "noqa_row",
                "severity", "gb_types", "region"):
        assert key in first
    assert first["location"] == {"row": 7, "column": 12}
    assert first["end_location"] == {"row": 7, "column": 23}
    assert first["gb_types"] == ["GB0170"]
    assert first["region"]["function"] == "Net.forward" and first["region"]["confidence"] == "assumed"
    assert Path(first["filename"]).is_absolute()
    lines = cli("--output-format", "json-lines", "models/bad.py", cwd=project).output.splitlines()
    assert [json.loads(l)["code"] for l in lines] == [f["code"] for f in data]


def test_github_annotations(project):
    out = cli("--output-format", "github", "models/bad.py", cwd=project).output.splitlines()
    assert out[0] == ("::error title=compilelint (CL101),file=models/bad.py,line=7,col=12,endLine=7,endColumn=23::"
                      "models/bad.py:7:12: CL101 tensor used as the condition of `if`: dynamo cannot know which branch "
                      "to trace without reading the tensor's value, so the graph breaks here [GB0170]")


def test_sarif_validates_against_the_schema(project):
    schema = json.loads((REPO.parent / "shared" / "schemas" / "sarif-schema-2.1.0.json").read_text()) \
        if (REPO.parent / "shared").is_dir() else None
    log = json.loads(cli("--output-format", "sarif", "models", cwd=project).output)
    if schema is None:
        pytest.skip("../shared/schemas is not beside this checkout")
    jsonschema.validate(log, schema)
    run = log["runs"][0]
    assert {r["id"] for r in run["tool"]["driver"]["rules"]} >= {"CL101", "CL111", "CL131"}
    assert [r["ruleId"] for r in run["results"]] == ["CL101", "CL131", "CL111"]
    assert run["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 7


def test_output_file(project):
    result = cli("--output-format", "json", "-o", "report.json", "models", cwd=project)
    assert result.exit_code == 1 and result.output == ""
    assert len(json.loads((project / "report.json").read_text())) == 3


def test_explain_list_rules_version():
    explained = cli("--explain", "CL101")
    assert explained.exit_code == 0
    assert "# CL101 (tensor-condition)" in explained.output and "## Why is this bad?" in explained.output
    assert "class Gate(nn.Module)" in explained.output  # the runnable example is part of the doc
    assert "syntax-error" in cli("--explain", "CL901").output
    assert cli("--explain", "CL999").exit_code == 2
    listing = cli("--list-rules").output
    assert "CL101" in listing and "GB0170" in listing and "CL910" in listing
    assert cli("--version").output.startswith("compilelint, version ")


def test_stdin_with_filename():
    proc = cli_subprocess("-", "--stdin-filename", "pkg/m.py", "--output-format", "concise", input=BAD.encode())
    assert proc.returncode == 1
    assert proc.stdout.decode().startswith("pkg/m.py:7:12: CL101")
    clean = cli_subprocess("-", input=CLEAN.encode())
    assert clean.returncode == 0


def test_lint_current_project_by_default(project):
    (project / "pyproject.toml").write_text('[tool.compilelint]\nignore = ["CL131"]\n')
    result = cli("--output-format", "concise", "-q", cwd=project)
    assert result.exit_code == 1
    assert sorted(l.split(" ")[1] for l in result.output.splitlines()) == ["CL101", "CL111"]


def test_config_keys(project):
    (project / "pyproject.toml").write_text(textwrap.dedent("""\
        [tool.compilelint]
        select = ["CL1"]
        extend-select = []
        ignore = ["CL111"]
        per-file-ignores = { "models/bad.py" = ["CL131"] }
        extend-exclude = ["legacy/"]
        """))
    (project / "legacy").mkdir()
    (project / "legacy" / "old.py").write_text(BAD)
    result = cli("--output-format", "concise", "-q", ".", cwd=project)
    assert [l.split(" ")[1] for l in result.output.splitlines()] == ["CL101"]
    # a path named explicitly is linted even when excluded, unless --force-exclude
    assert cli("-q", "legacy/old.py", cwd=project).exit_code == 1
    assert cli("-q", "--force-exclude", "legacy/old.py", cwd=project).exit_code == 0
    # the command line wins over the file
    assert "CL111" in cli("--select", "CL111", "-q", ".", cwd=project).output


@pytest.mark.parametrize("body, message", [
    ('colour = "red"\n', "unknown key `colour` in [tool.compilelint]"),
    ('select = "CL101"\n', "`select` must be a list of strings"),
    ('preview = 3\n', "`preview` must be true or false"),
    ('select = [\n', "invalid TOML"),
])
def test_broken_config_exits_2_naming_key_and_file(project, body, message):
    (project / "pyproject.toml").write_text("[tool.compilelint]\n" + body)
    result = cli("models", cwd=project)
    assert result.exit_code == 2
    assert message in result.output and "pyproject.toml" in result.output


def test_compiled_roots_matching_nothing_warn_on_a_folder_run_only(project):
    (project / "models" / "step.py").write_text("def train_step(x):\n    print(x)\n    return x\n")
    (project / "pyproject.toml").write_text(
        '[tool.compilelint]\ncompiled-roots = ["step:train_step", "models.step:train_step", "step:eval_*"]\n')
    folder = cli("--output-format", "concise", "-q", "models", cwd=project)
    warned = [line for line in folder.output.splitlines() if "warning: compiled-roots" in line]
    # models/ has no __init__.py: its files are imported as top-level modules
    assert len(warned) == 2 and "'models.step:train_step'" in warned[0] and "'step:eval_*'" in warned[1]
    assert "models/step.py:2:5: CL131" in folder.output  # the matching pattern still compiles train_step
    # pre-commit passes the changed files: the roots may be elsewhere, so no warning
    assert "compilelint: warning" not in cli("-q", "models/step.py", cwd=project).output


def test_isolated_and_explicit_config(project):
    (project / "pyproject.toml").write_text('[tool.compilelint]\nselect = ["CL131"]\n')
    assert "CL101" not in cli("-q", "models", cwd=project).output
    assert "CL101" in cli("-q", "--isolated", "models", cwd=project).output
    (project / "other.toml").write_text('select = ["CL111"]\n')
    (project / "compilelint.toml").write_text('select = ["CL111"]\n')
    out = cli("-q", "--output-format", "concise", "--config", "compilelint.toml", "models", cwd=project).output
    assert [l.split(" ")[1] for l in out.splitlines()] == ["CL111"]


def test_static_linting_never_imports_torch(project):
    code = ("import sys\nfrom compilelint.cli import main\n"
            "try:\n    main(['--output-format', 'json', 'models'])\nexcept SystemExit:\n    pass\n"
            "assert 'torch' not in sys.modules, 'torch was imported'\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=project, capture_output=True, text=True,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    assert '"CL101"' in proc.stdout
