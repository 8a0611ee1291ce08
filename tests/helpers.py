"""Shared test helpers: lint text in-process, run the CLI, run examples under dynamo in a child."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from click.testing import CliRunner

from compilelint.cli import main
from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "rules"


def every_rule_but_advice() -> List[str]:
    """What tests lint with by default: advice rules (CL305, CL306) speak about clean code, so they would
    add a finding at every clean compile site of the other examples; their own tests select them."""
    return [code for code, rule in all_rules().items() if "advice" not in rule.spec.tags]


def lint_paths(paths: Sequence[Path], codes: Sequence[str] = (), config: Config = None):
    config = config or Config(root=REPO)
    enabled = list(codes) or every_rule_but_advice()
    return lint(list(paths), config, enabled, tool_codes_enabled(())).findings


def lint_text(tmp_path: Path, text: str, name: str = "model.py", codes: Sequence[str] = ()):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return lint_paths([path], codes, Config(root=tmp_path))


TORCH_IMPORTS = "import torch\nfrom torch import nn\n"


def lint_class_body(tmp_path: Path, body: str, codes: Sequence[str] = (), imports: str = TORCH_IMPORTS):
    """The findings in `body` (methods, dedented here) linted as the body of `class M(nn.Module)` after `imports` and
    two blank lines (after the default imports the class is row 5, the body's first line row 6)."""
    text = imports + "\n\nclass M(nn.Module):\n" + textwrap.indent(textwrap.dedent(body), "    ")
    return lint_text(tmp_path, text, codes=codes)


def class_body_codes(tmp_path: Path, body: str, codes: Sequence[str] = (), imports: str = TORCH_IMPORTS,
                     rows: bool = False) -> list:
    """lint_class_body's findings as sorted codes, or with `rows` as sorted (row, code) pairs."""
    found = lint_class_body(tmp_path, body, codes, imports)
    return sorted((f.start.row, f.code) if rows else f.code for f in found)


def _pythonpath() -> str:
    """This checkout first, then whatever the environment already needs (carried wheels on a GPU runner)."""
    return os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)


def cli(*args: str, input: str = None, cwd: Path = None):
    """Run the CLI in-process; returns click's Result (exit_code, output)."""
    runner = CliRunner()
    old = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)
    finally:
        os.chdir(old)


def cli_subprocess(*args: str, cwd: Path = None, input: bytes = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=_pythonpath())
    return subprocess.run([sys.executable, "-m", "compilelint", *args], cwd=cwd, input=input,
                          capture_output=True, env=env, timeout=120)


def expected_lines(path: Path) -> List[tuple]:
    """(row, code) for every `# expect: CODE[, CODE]` marker."""
    out = []
    for row, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if "# expect:" in line:
            for code in line.split("# expect:", 1)[1].split("#")[0].replace(",", " ").split():
                out.append((row, code))
    return out



def marked_lines(paths: Sequence[Path]) -> List[tuple]:
    """(resolved file, row, code) of every `# expect:` marker of these files, sorted."""
    return sorted((str(p.resolve()), row, code) for p in paths for row, code in expected_lines(p))


def found_lines(findings) -> List[tuple]:
    """(resolved file, row, code) of these findings, sorted: compared with marked_lines."""
    return sorted((str(Path(f.path).resolve()), f.start.row, f.code) for f in findings)


def first_break_ids(result: dict, path: Optional[Path] = None) -> Dict[int, set]:
    """Row -> the first GB id of each break dynamo reported there (in `path` only, when given)."""
    ids: Dict[int, set] = {}
    for b in result["breaks"]:
        if path is None or b["filename"] == str(path.resolve()):
            ids.setdefault(b["row"], set()).update(b["gb_ids"][:1])
    return ids


def assert_dynamo_breaks_where_flagged(result: dict, path: Path) -> None:
    """Dynamo broke on exactly the marked lines of `path`, each first with a GB id its finding names."""
    assert result["ok"], result.get("traceback")
    first_ids = first_break_ids(result, path)
    assert set(first_ids) == {row for row, _ in expected_lines(path)}
    for finding in lint_paths([path]):
        row = finding.start.row
        assert first_ids[row] & set(finding.gb_types), f"line {row}: dynamo said {first_ids[row]}"


def predicted_ids(code: str) -> set:
    """The GB ids a rule predicts for the torch version the tests run against."""
    from compilelint.linter import torch_version

    spec = all_rules()[code].spec
    version = torch_version(Config(root=REPO))
    return {i for pattern in spec.predicts for i in spec.gb_ids(pattern, version)}

def run_under_dynamo(files: Sequence[Path], project_root: Path, compare_eager: Sequence[Path] = ()) -> dict:
    """Run each file's example() under dynamo in one child process; file -> result. Files in
    `compare_eager` also get `matches_eager`: compiled outputs equal eager ones under the same seeds."""
    with tempfile.TemporaryDirectory() as tmp:
        request, result = Path(tmp) / "request.json", Path(tmp) / "result.json"
        request.write_text(json.dumps({"mode": "examples", "files": [str(f) for f in files],
                                       "project_root": str(project_root),
                                       "compare_eager": [str(f) for f in compare_eager]}))
        env = dict(os.environ, PYTHONPATH=_pythonpath(), PYTHONBREAKPOINT="0")
        proc = subprocess.run([sys.executable, "-m", "compilelint.verify.harness", str(request), str(result)],
                              capture_output=True, text=True, env=env, timeout=1200)
        assert proc.returncode == 0, proc.stderr[-4000:]
        data = json.loads(result.read_text())
    return {Path(e["file"]): e for e in data["examples"]}


def run_harness(request: dict) -> dict:
    """Run one request through compilelint.verify.harness in a child process (torch is imported there)."""
    with tempfile.TemporaryDirectory() as tmp:
        request_path, result_path = Path(tmp) / "request.json", Path(tmp) / "result.json"
        request_path.write_text(json.dumps(request))
        env = dict(os.environ, PYTHONPATH=_pythonpath(), PYTHONBREAKPOINT="0")
        proc = subprocess.run([sys.executable, "-m", "compilelint.verify.harness", str(request_path), str(result_path)],
                              capture_output=True, text=True, env=env, timeout=1200)
        assert proc.returncode == 0, proc.stderr[-4000:]
        return json.loads(result_path.read_text())


def fix_paths(paths: Sequence[Path], unsafe: bool = False, config: Config = None, codes: Sequence[str] = ()):
    """Lint and fix in memory (nothing is written): (outcomes by shown path, the run with what remains)."""
    from compilelint.fixer import fix_run

    config = config or Config(root=REPO)
    enabled = list(codes) or every_rule_but_advice()
    tools = tool_codes_enabled(())
    run = lint(list(paths), config, enabled, tools)
    return fix_run(run, config, enabled, tools, unsafe=unsafe), run


def fixed_text(tmp_path: Path, text: str, unsafe: bool = True, name: str = "model.py") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    outcomes, run = fix_paths([path], unsafe=unsafe, config=Config(root=tmp_path))
    return run.sources[next(iter(run.sources))].text
