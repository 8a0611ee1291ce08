"""The project's dynamo settings change the answer: read statically, and proven by dynamo both ways.

Each fixture in fixtures/dynamo_config/ applies one setting the way projects do (lines marked `# setting`).
The linter must report exactly its `# expect` lines; dynamo must break (or recompile more than once) on
exactly the lines the linter reports, with the setting and with the `# setting` lines removed; and the two
answers must differ, or the setting would not matter.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config, load_config
from tests.helpers import REPO, expected_lines, lint_paths, lint_text, run_under_dynamo

FIXTURES = sorted((REPO / "fixtures" / "dynamo_config").glob("*.py"))
IDS = [p.stem for p in FIXTURES]


def rows(paths):
    return sorted({f.start.row for f in lint_paths(paths, config=Config(root=paths[0].parent))})


@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_findings_match_the_markers(path):
    found = sorted((f.start.row, f.code) for f in lint_paths([path], config=Config(root=path.parent)))
    assert found == sorted(expected_lines(path))


@pytest.fixture(scope="module")
def both_ways(tmp_path_factory, require_torch):
    """Each fixture as written ("on") and without its `# setting` lines ("off"), run in one child process."""
    root = tmp_path_factory.mktemp("dynamo_config")
    pairs = {}
    for path in FIXTURES:
        on, off = root / "on" / path.name, root / "off" / path.name
        on.parent.mkdir(exist_ok=True)
        off.parent.mkdir(exist_ok=True)
        shutil.copy(path, on)
        off.write_text("".join(line for line in path.read_text().splitlines(True) if "# setting" not in line))
        pairs[path.stem] = (on, off)
    results = run_under_dynamo([p for pair in pairs.values() for p in pair], root)
    return pairs, results


def dynamo_rows(result, path: Path):
    """Lines dynamo breaks on, or recompiles on more than once (a single automatic-dynamic recompile is fine)."""
    assert result["ok"], result.get("traceback")
    broken = {b["row"] for b in result["breaks"] if b["filename"] == str(path)}
    counts = {}
    for record in result["recompiles"]:
        for filename, row in record["locations"]:
            if filename == str(path):
                counts[row] = counts.get(row, 0) + 1
    return sorted(broken | {row for row, n in counts.items() if n > 1})


@pytest.mark.parametrize("name", IDS)
def test_dynamo_agrees_with_and_without_the_setting(name, both_ways):
    pairs, results = both_ways
    on, off = pairs[name]
    answers = {}
    for label, path in (("with", on), ("without", off)):
        answers[label] = rows([path])
        assert answers[label] == dynamo_rows(results[path.resolve()], path.resolve()), f"{label} the setting"
    on_text, off_text = on.read_text().splitlines(), off.read_text().splitlines()
    as_text = {label: sorted((on_text if label == "with" else off_text)[r - 1].strip() for r in found)
               for label, found in answers.items()}
    assert as_text["with"] != as_text["without"], "the setting must change the answer"


HEADER = "import torch\nfrom torch import nn\n"
BODY = """
class M(nn.Module):
    def forward(self, x):
        return x * x.max().item()
"""


def _item_rows(tmp_path, text, config=None):
    path = tmp_path / "model.py"
    path.write_text(text)
    return [f.start.row for f in lint_paths([path], ["CL111"], config or Config(root=tmp_path))]


@pytest.mark.parametrize("setting", [
    "import torch._dynamo.config as dc\ndc.capture_scalar_outputs = True\n",
    "from torch._dynamo import config\nconfig.capture_scalar_outputs = True\n",
])
def test_setting_spellings(tmp_path, setting):
    assert _item_rows(tmp_path, HEADER + BODY) == [6]
    assert _item_rows(tmp_path, HEADER + setting + BODY) == []


def test_environment_default_counts_only_before_torch_is_imported(tmp_path):
    env = 'import os\nos.environ["TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS"] = "1"\n'
    assert _item_rows(tmp_path, env + HEADER + BODY) == []
    assert _item_rows(tmp_path, HEADER + env + BODY) != []


def test_patch_applies_to_its_scope_only(tmp_path):
    text = HEADER + textwrap.dedent("""
        @torch.compile
        @torch._dynamo.config.patch(capture_scalar_outputs=True)
        def patched(x):
            return x * x.max().item()

        @torch.compile
        def plain(x):
            with torch._dynamo.config.patch({"capture_scalar_outputs": True}):
                y = x * x.max().item()
            return y * x.min().item()
        """)
    assert _item_rows(tmp_path, text) == [13]


def test_setting_in_another_file_applies_project_wide(tmp_path):
    (tmp_path / "train.py").write_text("import torch\ntorch._dynamo.config.capture_scalar_outputs = True\n")
    (tmp_path / "model.py").write_text(HEADER + BODY)
    findings = lint_paths([tmp_path / "model.py", tmp_path / "train.py"], ["CL111"], Config(root=tmp_path))
    assert findings == []


def test_pyproject_dynamo_table(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        "[tool.compilelint]\ndynamo = {capture_scalar_outputs = true}\n")
    config = load_config(tmp_path / "pyproject.toml")
    assert config.dynamo == {"capture_scalar_outputs": True}
    assert _item_rows(tmp_path, HEADER + BODY, config) == []


PATCHED_CALLER = HEADER + textwrap.dedent("""
    def helper(x):
        return x * x.max().item()

    @torch.compile
    @torch._dynamo.config.patch(capture_scalar_outputs=True)
    def patched(x):
        return helper(x)
    """)


def test_patch_decorator_reaches_the_functions_it_calls(tmp_path):
    assert _item_rows(tmp_path, PATCHED_CALLER) == []


def test_patch_decorator_does_not_reach_a_callee_that_an_unpatched_function_calls_too(tmp_path):
    unpatched = "\n@torch.compile\ndef plain(x):\n    return helper(x)\n"
    assert _item_rows(tmp_path, PATCHED_CALLER + unpatched) == [5]
