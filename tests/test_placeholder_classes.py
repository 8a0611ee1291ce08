"""Placeholder classes (guards.NO_INSTANCES): a class whose `__init__` raises first thing, like a graph library's
`SparseTensor` when torch-sparse is missing, has no instances, so `isinstance(x, SparseTensor)` is False while
dynamo traces and what it guards is never traced. The dynamo cases are tests/adversarial/cases/fp16_*."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config
from compilelint.index import index_file
from compilelint.linter import SourceFile, lint, parse_and_lint
from compilelint.registry import all_rules, tool_codes_enabled

PLACEHOLDER = """\
    class SparseTensor:
        def __init__(self, *args, **kwargs):
            \"\"\"Needs torch-sparse.\"\"\"
            raise ImportError("'SparseTensor' requires 'torch-sparse'")
    """

MODEL = """\
    import torch
    from torch import nn
    {imports}


    def report(x):
        print(x)


    class Conv(nn.Module):
        def forward(self, x, edge_index):
            {body}
            return x
    """


def _project(tmp_path: Path, files: dict) -> Path:
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    (tmp_path / "pkg" / "__init__.py").touch()
    return tmp_path


def _lint(root: Path):
    files = sorted((root / "pkg").rglob("*.py"))
    run = lint(files, Config(root=root), list(all_rules()), tool_codes_enabled(()))
    return sorted((Path(f.path).name, f.start.row, f.code) for f in run.findings if f.code in ("CL111", "CL131"))


def _typing_module(definition: str) -> str:
    return "try:\n    from torch_sparse_missing_here import SparseTensor\nexcept ImportError:\n" \
        + textwrap.indent(textwrap.dedent(definition), "    ")


@pytest.mark.parametrize("typing_module, flagged", [
    (_typing_module(PLACEHOLDER), False),
    (textwrap.dedent(PLACEHOLDER), False),
    # an import that succeeds binds the real class: an installed package, or a module of the project
    (_typing_module(PLACEHOLDER).replace("torch_sparse_missing_here", "numpy").replace(
        "import SparseTensor", "import ndarray as SparseTensor"), True),
    (_typing_module(PLACEHOLDER).replace("torch_sparse_missing_here", "pkg.fast"), True),
    # the name bound at module level: to the missing package's class (an alias of an import that fails), or to
    # anything else
    (_typing_module(PLACEHOLDER).replace("from torch_sparse_missing_here import SparseTensor",
                                         "import torch_sparse_missing_here\n    SparseTensor = "
                                         "torch_sparse_missing_here.SparseTensor"), False),
    (_typing_module(PLACEHOLDER) + "\n\nSparseTensor = dict\n", True),
    # a constructor that may return, or a class that makes its instances another way
    (PLACEHOLDER.replace("raise ImportError", "if args:\n            raise ImportError"), True),
    (PLACEHOLDER + "\n        def __new__(cls):\n            return object.__new__(cls)\n", True),
    (PLACEHOLDER.replace("            raise", "            self.rows = args\n            raise"), True),
    # an abstract base's constructor (its subclasses may live outside the project)
    (PLACEHOLDER.replace("ImportError(\"'SparseTensor' requires 'torch-sparse'\")", "NotImplementedError"), True),
    (PLACEHOLDER.replace("ImportError(\"'SparseTensor' requires 'torch-sparse'\")", "ModuleNotFoundError"), False),
])
def test_an_isinstance_test_of_a_class_without_instances_is_false(tmp_path, typing_module, flagged):
    root = _project(tmp_path, {"typing.py": typing_module, "fast.py": "class SparseTensor:\n    pass\n",
                               "conv.py": MODEL.format(imports="from pkg.typing import SparseTensor",
                                                       body="if isinstance(edge_index, SparseTensor): print(x)")})
    assert _lint(root) == ([("conv.py", 12, "CL131")] if flagged else [])


def test_a_project_subclass_with_its_own_constructor_has_instances(tmp_path):
    subclass = "from pkg.typing import SparseTensor\n\n\nclass Coalesced(SparseTensor):\n    def __init__(self):\n" \
               "        pass\n"
    root = _project(tmp_path, {"typing.py": textwrap.dedent(PLACEHOLDER), "coalesced.py": subclass,
                               "conv.py": MODEL.format(imports="from pkg.typing import SparseTensor",
                                                       body="if isinstance(edge_index, SparseTensor): print(x)")})
    assert _lint(root) == [("conv.py", 12, "CL131")]


@pytest.mark.parametrize("body, flagged", [
    ("if not isinstance(edge_index, SparseTensor): x = x + 1\n            else: print(x)", []),
    ("if isinstance(edge_index, SparseTensor) and x.dim() > 1: print(x)", []),
    ("if isinstance(edge_index, SparseTensor) or x.dim() > 1: print(x)", [("conv.py", 12, "CL131")]),
    ("y = x.sum().item() if isinstance(edge_index, SparseTensor) else 0", []),
    ("y = 0 if isinstance(edge_index, SparseTensor) else x.sum().item()", [("conv.py", 12, "CL111")]),
    # a helper called only where the test holds is not compiled
    ("if isinstance(edge_index, SparseTensor): report(x)", []),
    ("if isinstance(edge_index, (SparseTensor, torch.Tensor)): print(x)", [("conv.py", 12, "CL131")]),
])
def test_the_branches_a_placeholder_test_decides(tmp_path, body, flagged):
    root = _project(tmp_path, {"typing.py": _typing_module(PLACEHOLDER),
                               "conv.py": MODEL.format(imports="from pkg.typing import SparseTensor", body=body)})
    compile((root / "pkg" / "conv.py").read_text(), "conv.py", "exec")  # a body that does not parse proves nothing
    assert _lint(root) == flagged


def test_the_index_and_the_engine_find_the_same_placeholders():
    text = _typing_module(PLACEHOLDER) + "\n\nclass Real:\n    def __init__(self):\n        if False:\n" \
        "            raise ImportError\n\n\nclass Bare:\n    pass\n\n\nclass Abstract:\n    def __init__(self):\n" \
        "        raise NotImplementedError\n"
    indexed = index_file(text, "typing.py", "pkg.typing", False).facts.classes
    walked = parse_and_lint(SourceFile("typing.py", text), "pkg.typing", False, ()).facts.classes
    assert {name: info.never_instantiated for name, info in indexed.items()} == \
        {name: info.never_instantiated for name, info in walked.items()} == \
        {"SparseTensor": True, "Real": False, "Bare": False, "Abstract": False}
