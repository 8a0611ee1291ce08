"""Every fix is proven: `fixed.py` is the exact fixer output of `bad.py`, fixing converges, and under
torch the fixed code breaks less (not at all where no finding remains) with equal eager outputs."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from compilelint.catalogue import load_catalogue
from compilelint.config import Config
from compilelint.fixer import parses
from tests.helpers import REPO, cli, fix_paths, lint_paths, run_harness

FIXABLE = sorted((s for s in load_catalogue().values() if s.fix != "never"), key=lambda s: s.code)
MODELS = sorted((REPO / "fixtures" / "models").glob("*.py"))


def _fix_in_memory(path: Path, unsafe: bool = True) -> str:
    _, run = fix_paths([path], unsafe=unsafe, config=Config(root=path.parent))
    return next(iter(run.sources.values())).text


@pytest.mark.parametrize("spec", FIXABLE, ids=[s.code for s in FIXABLE])
def test_fixed_py_is_the_exact_fixer_output_of_bad_py_and_a_fixpoint(spec):
    fixed = (spec.folder / "fixed.py").read_text(encoding="utf-8")
    assert _fix_in_memory(spec.folder / "bad.py") == fixed
    assert _fix_in_memory(spec.folder / "fixed.py") == fixed
    remaining = [f.code for f in lint_paths([spec.folder / "fixed.py"]) if f.code == spec.code]
    assert len(remaining) < len([f for f in lint_paths([spec.folder / "bad.py"]) if f.code == spec.code])


@pytest.fixture(scope="module")
def parity(require_torch):
    """Original and fixed versions of every rule's bad.py and every changed fixture model, run in one
    child: breaks and recompiles of each under dynamo, and eager outputs on three fresh random inputs."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pairs, remaining = [], {}
        for spec in FIXABLE:
            folder = root / spec.folder.name
            folder.mkdir()
            for name in ("bad.py", "fixed.py"):
                shutil.copy(spec.folder / name, folder / name)
            pairs.append((folder / "bad.py", folder / "fixed.py"))
        for model in MODELS:
            fixed = _fix_in_memory(model)
            if fixed != model.read_text(encoding="utf-8"):
                shutil.copy(model, root / model.name)
                (root / f"fixed_{model.name}").write_text(fixed, encoding="utf-8")
                pairs.append((root / model.name, root / f"fixed_{model.name}"))
        for _, fixed_path in pairs:
            remaining[fixed_path.resolve()] = {f.start.row for f in lint_paths([fixed_path], config=Config(root=root))}
        data = run_harness({"mode": "fix_parity", "pairs": [[str(a), str(b)] for a, b in pairs],
                            "project_root": str(root), "seeds": [0, 1, 2]})
        yield {Path(r["fixed"]).relative_to(root.resolve()).as_posix(): (r, remaining[Path(r["fixed"])])
               for r in data["pairs"]}


def _names():
    return [f"{s.folder.name}/fixed.py" for s in FIXABLE] + [f"fixed_{m.name}" for m in MODELS]


@pytest.mark.parametrize("name", _names())
def test_fixed_code_breaks_less_only_where_findings_remain_and_computes_the_same(name, parity):
    if name not in parity:
        pytest.skip("no fix applies to this model")
    result, remaining_rows = parity[name]
    assert result["ok"], result.get("traceback")
    assert result["equal"], result["mismatch"]
    before, after = {row for row, _ in result["breaks_before"]}, {row for row, _ in result["breaks_after"]}
    assert len(after) < len(before) or result["recompiles_after"] < result["recompiles_before"], result
    assert after <= remaining_rows, f"breaks on lines with no remaining finding: {sorted(after - remaining_rows)}"
    if not remaining_rows:
        assert result["recompiles_after"] == 0, result


# -- properties -------------------------------------------------------------------------------------------
# A forward body built from fragments the rules fix (and some they must leave alone), in random order,
# nesting, indentation, comments and line ends.
FRAGMENTS = [
    "print('value', x.shape)",
    "logger.info('step')",
    "warnings.warn('slow path')",
    "if x.sum() > 0:\n    x = x * 2",
    "if (x > 1).any():\n    y = x + 1\nelse:\n    y = x - 1",
    "y = x * 2 if x.mean() > 0 else x",
    "ok = (x > -3).all() or (x < 3).all()",
    "ok = (x > 0).all() and not (x > 5).any()",
    "if not torch.isfinite(x).all():\n    raise ValueError('bad input')",
    "if torch.isnan(x).any():\n    print('nan')",
    "s = x.abs().max().item()\nx = x / s",
    "n = int((x > 0).sum())\nx = x + n",
    "x = x / float(x.std())",
    "k = x.sum().item()\nif k > 0:\n    x = x + 1",
    "y = x.numpy() if x.dim() > 1 else x",
    "while (x > 1).any():\n    x = x * 0.5",
    "if x.sum() > 0:  # keep this comment\n    y = x  # and this one\nelse:\n    y = -x",
    "print(\n    'multi-line',\n    x.shape,\n)",
    "x = x if self.training else x * 0.5",
]
HEADER = "import logging\nimport warnings\n\n{torch_import}from torch import nn\n\nlogger = logging.getLogger(__name__)\n\n\n"


def _indent(text: str, prefix: str) -> str:
    return "".join(prefix + line if line.strip() else line for line in text.splitlines(keepends=True))


@st.composite
def models(draw):
    unit = draw(st.sampled_from(["    ", "  ", "\t"]))
    body = ""
    for fragment in draw(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=6)):
        if draw(st.booleans()):
            fragment = "if self.training:\n" + _indent(fragment + "\n", unit)
        body += fragment.rstrip("\n") + "\n"
    torch_import = draw(st.sampled_from(["import torch\n", "import torch as th\n", ""]))
    source = HEADER.format(torch_import=torch_import) + "class M(nn.Module):\n" + unit + "def forward(self, x):\n"
    source += _indent(body + "return x\n", unit * 2)
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return source.replace("\n", newline)


def _fix_source(source: str, unsafe: bool) -> tuple:
    """(fixed text, findings before, findings after, outcomes)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "model.py"
        path.write_bytes(source.encode("utf-8"))
        before = lint_paths([path], config=Config(root=Path(tmp)))
        outcomes, run = fix_paths([path], unsafe=unsafe, config=Config(root=Path(tmp)))
        return next(iter(run.sources.values())).text, before, run.findings, outcomes


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(models(), st.booleans())
def test_fixing_generated_models_parses_converges_and_keeps_line_ends(source, unsafe):
    fixed, _, remaining, outcomes = _fix_source(source, unsafe)
    assert not any(o.problem for o in outcomes.values())
    assert parses(fixed)
    assert ("\r\n" in source) == ("\r\n" in fixed) and ("\r\n" not in source or "\n" not in fixed.replace("\r\n", ""))
    again = _fix_source(fixed, unsafe)[0]
    assert again == fixed, "a second --fix run changed the file"
    assert not any(f.fix is not None and f.fix.applicability.value == "safe" for f in remaining)


def _encodable(source: str) -> bool:
    try:
        source.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: not a file anyone can have
        return False
    return True


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(hypothesmith.from_grammar())
def test_fix_never_breaks_parsing_and_never_touches_a_file_without_findings(source):
    assume(_encodable(source))
    fixed, before, _, outcomes = _fix_source(source, unsafe=True)
    assert not any(o.problem for o in outcomes.values())
    assert parses(fixed) or not parses(source)
    if not before:
        assert fixed == source


def test_tensor_if_with_elif_gets_no_assignment_fix_and_does_not_crash(tmp_path):
    (tmp_path / "m.py").write_text(
        "import torch\n\n\nclass M(torch.nn.Module):\n    def forward(self, x):\n"
        "        if x.sum() > 0:\n            y = x\n        elif x.mean() > 1:\n            y = -x\n"
        "        else:\n            y = x * 2\n        return y\n")
    result = cli("--unsafe-fixes", "--fix", "m.py", cwd=tmp_path)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "CL101" in result.output
