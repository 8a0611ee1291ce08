"""Compile-time guards the project defines (guards.py) or a library spells: what they guard is never traced.
The dynamo case (tests/dynamo_cases/guards_project.py, run in the catalogue's child process) proves each form:
dynamo breaks on exactly the marked lines, and the linter reports exactly those."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.cache import Cache
from compilelint.config import Config
from compilelint.index import index_file
from compilelint.linter import lint, module_name, parse_and_lint, read_source
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import REPO, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases"
CASE = CASES / "guards_project.py"
HELPERS = sorted((CASES / "guards_helpers").rglob("*.py"))


def _marked(paths):
    return sorted((str(p.resolve()), row) for p in paths for row, _code in expected_lines(p))


def test_the_linter_reports_exactly_the_marked_lines():
    found = lint_paths([CASE] + HELPERS)
    assert sorted((str(Path(f.path).resolve()), f.start.row) for f in found) == _marked([CASE] + HELPERS)
    assert {f.code for f in found} == {"CL101", "CL131"}


def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({(b["filename"], b["row"]) for b in result["breaks"]}) == _marked([CASE])


def test_the_index_and_the_engine_find_the_same_guard_returns():
    for path in HELPERS + [CASE]:
        source, _ = read_source(path, str(path))
        name, is_package = module_name(path)
        indexed = index_file(source.text, source.path, name, is_package).facts.guard_returns
        assert indexed == parse_and_lint(source, name, is_package, ()).facts.guard_returns, path
    source, _ = read_source(HELPERS[-1], str(HELPERS[-1]))
    assert HELPERS[-1].name == "import_utils.py"
    assert index_file(source.text, source.path, "u", False).facts.guard_returns == {
        "is_torchdynamo_compiling": ["torch.compiler.is_compiling", "torch._dynamo.is_compiling"]}


def _project(tmp_path: Path, files: dict) -> Path:
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    (tmp_path / "pkg" / "__init__.py").touch()
    return tmp_path


def _lint(root: Path, cache=None):
    files = sorted((root / "pkg").rglob("*.py"))
    run = lint(files, Config(root=root), list(all_rules()), tool_codes_enabled(()), cache=cache)
    return sorted((Path(f.path).name, f.start.row, f.code) for f in run.findings
                  if f.code in ("CL101", "CL111", "CL131"))


MODEL = """\
    import torch
    from torch import nn
    {imports}


    class Net(nn.Module):
        def forward(self, x):
            {body}
            return x
    """


@pytest.mark.parametrize("imports, call", [
    ("from transformers.utils import is_torchdynamo_compiling", "is_torchdynamo_compiling()"),
    ("from transformers.utils.import_utils import is_torchdynamo_compiling as compiling", "compiling()"),
    ("import transformers.utils as tu", "tu.is_torchdynamo_compiling()"),
    ("import torch_geometric", "torch_geometric.is_compiling()"),
    ("from torch_geometric._compile import is_compiling", "is_compiling()"),
    ("import torch._utils", "torch._utils.is_compiling()"),
    ("from torch._dynamo.external_utils import is_compiling", "is_compiling()"),
])
def test_known_guards_of_libraries_outside_the_project(tmp_path, imports, call):
    root = _project(tmp_path, {"model.py": MODEL.format(imports=imports, body=f"if not {call}: print(x)")})
    assert _lint(root) == []


@pytest.mark.parametrize("predicate, guard", [
    ("return torch.compiler.is_compiling()", True),
    ("try:\n        return torch._dynamo.is_compiling()\n    except Exception:\n        return False", True),
    ("return bool(torch.compiler.is_compiling()) if DEBUG is not None else False", True),
    ("return torch.compiler.is_compiling() if DEBUG else True", False),
    ("return torch.compiler.is_compiling(DEBUG)", False),
    # not a guard: the fallback is taken on purpose, another value, no guard call, two kinds of guard
    ("if DEBUG:\n        return True\n    return torch.compiler.is_compiling()", False),
    ("return torch.cuda.is_available()", False),
    ("return False", False),
    ("if torch.jit.is_scripting():\n        return torch.jit.is_scripting()\n"
     "    return torch.compiler.is_compiling()", False),
    ("return other()", False),  # a cycle decides nothing
])
def test_a_function_is_a_guard_when_every_return_is_one(tmp_path, predicate, guard):
    utils = f"import torch\nDEBUG = False\n\n\ndef other():\n    return compiling()\n\n\ndef compiling():\n    {predicate}\n"
    root = _project(tmp_path, {"utils.py": utils, "model.py": MODEL.format(
        imports="from pkg.utils import compiling", body="if not compiling(): print(x)")})
    assert _lint(root) == ([] if guard else [("model.py", 8, "CL131")])


@pytest.mark.parametrize("body, flagged", [
    ("if compiling() and x.sum() > 0: x = x + 1", True),  # evaluated while traced
    ("if not compiling() and x.sum() > 0: x = x + 1", False),
    ("if compiling() or x.sum() > 0: x = x + 1", False),
    ("if not compiling() or x.sum() > 0: x = x + 1", True),
    ("y = x.item() if compiling() else 0", True),
    ("y = 0 if compiling() else x.item()", False),
    ("ok = not compiling() and bool(x.sum() > 0)", False),
    ("if compiling(): pass\n            elif x.sum() > 0: x = x + 1", False),
    ("if compiling():\n                return x\n            print(x)", False),
    ("eager = not compiling()\n            if eager: print(x)", False),
    # a local holding an `or`/`and` that a guard decides (transformers' `is_tracing = torch.jit.is_tracing() or
    # isinstance(x, torch.fx.Proxy) or is_torchdynamo_compiling()`)
    ("tracing = torch.jit.is_tracing() or isinstance(x, torch.fx.Proxy) or compiling()\n"
     "            if not tracing and x.sum() > 0: x = x + 1", False),
    ("eager = not compiling() and x.dim() > 1\n            if eager: print(x)", False),
    ("tracing = torch.jit.is_tracing() or x.dim() > 1\n            if not tracing: print(x)", True),
])
def test_short_circuits_and_branches_of_a_project_guard(tmp_path, body, flagged):
    utils = "import torch\n\n\ndef compiling():\n    return torch.compiler.is_compiling()\n"
    root = _project(tmp_path, {"sub/__init__.py": "from .impl import compiling\n", "sub/impl.py": utils,
                               "model.py": MODEL.format(imports="from pkg.sub import compiling", body=body)})
    compile((root / "pkg" / "model.py").read_text(), "model.py", "exec")  # a body that does not parse proves nothing
    assert bool(_lint(root)) == flagged


@pytest.mark.parametrize("body, flagged", [
    # an `or` of two project guards that both return False while traced is False: its body is never traced
    ("if scripting() or tracing(): print(x)", []),
    ("if scripting() or tracing() or x.dim() > 1: print(x)", [("model.py", 8, "CL131")]),
    ("if scripting() or unknown(): print(x)", [("model.py", 8, "CL131")]),
    # likewise the `else` of an `and` of two that return True, and a helper called only in such a branch
    ("if compiling() and dynamo(): pass\n            else: print(x)", []),
    ("if not (scripting() or tracing()): pass\n            else: print(x)", []),
    ("if scripting() or tracing(): report(x)", []),
])
def test_both_sides_of_an_or_of_project_guards_decide_together(tmp_path, body, flagged):
    utils = ("import torch\n\n\ndef compiling():\n    return torch.compiler.is_compiling()\n\n\ndef dynamo():\n"
             "    return compiling()\n\n\ndef scripting():\n    return torch.jit.is_scripting()\n\n\n"
             "def tracing():\n    return torch.jit.is_tracing()\n\n\ndef unknown():\n    return False\n\n\n"
             "def report(x):\n    print(x)\n")
    imports = "from pkg.utils import compiling, dynamo, report, scripting, tracing, unknown"
    root = _project(tmp_path, {"utils.py": utils, "model.py": MODEL.format(imports=imports, body=body)})
    compile((root / "pkg" / "model.py").read_text(), "model.py", "exec")
    assert _lint(root) == flagged


def test_a_guard_changed_in_its_own_file_changes_the_findings_of_a_cached_caller(tmp_path):
    utils = "import torch\n\n\ndef compiling():\n    return torch.compiler.is_compiling()\n"
    root = _project(tmp_path, {"utils.py": utils, "model.py": MODEL.format(
        imports="from pkg.utils import compiling", body="if not compiling(): print(x)")})
    settings = dict(directory=root / ".cache", config=Config(root=root), enabled=list(all_rules()))
    assert _lint(root, Cache.for_run(**settings)) == []
    (root / "pkg" / "utils.py").write_text(utils.replace("torch.compiler.is_compiling()", "False"))
    cache = Cache.for_run(**settings)
    assert _lint(root, cache) == [("model.py", 8, "CL131")]
    assert cache.hits >= 1  # model.py came from the cache, yet its finding is back


@pytest.mark.parametrize("returned, reached", [("torch.compiler.is_compiling()", False), ("False", True)])
def test_a_helper_called_only_where_a_project_guard_holds_is_not_compiled(tmp_path, returned, reached):
    utils = f"import torch\n\n\ndef compiling():\n    return {returned}\n\n\ndef report(x):\n    print(x)\n"
    root = _project(tmp_path, {"utils.py": utils, "model.py": MODEL.format(
        imports="from pkg.utils import compiling, report", body="if not compiling(): report(x)")})
    assert _lint(root) == ([("utils.py", 9, "CL131")] if reached else [])


def test_a_module_level_alias_of_a_guard_is_that_guard(tmp_path):
    utils = "import torch\n\nis_compiling = torch.compiler.is_compiling\ncompiling = is_compiling\n"
    root = _project(tmp_path, {"utils.py": utils, "model.py": MODEL.format(
        imports="from pkg.utils import compiling", body="if not compiling(): print(x)")})
    assert _lint(root) == []
    local = MODEL.format(imports="is_compiling = torch.compiler.is_compiling", body="if not is_compiling(): print(x)")
    assert _lint(_project(tmp_path, {"model.py": local})) == []


def test_aliases_that_name_each_other_decide_nothing(tmp_path):
    utils = "a = b\nb = a\n"
    root = _project(tmp_path, {"utils.py": utils, "model.py": MODEL.format(
        imports="from pkg.utils import a", body="if not a(): print(x)")})
    assert _lint(root) == [("model.py", 8, "CL131")]
