"""`from module import *` of a project module binds what that module binds (its imports included, or its
literal `__all__`): names reached only that way resolve (dynamo-proven in tests/dynamo_cases/star_imports.py).
A file's cached result depends on the files it star-imports."""

from __future__ import annotations

import ast
import textwrap

from compilelint.cache import Cache
from compilelint.config import Config
from compilelint.index import Imports
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import REPO, found_lines, lint_paths, marked_lines

CASES = REPO / "tests" / "dynamo_cases"
STAR = CASES / "star_imports.py"
LAYERS = CASES / "star_helpers" / "layers.py"


def test_names_bound_by_star_imports_of_project_modules_resolve():
    assert found_lines(lint_paths([STAR, LAYERS])) == marked_lines([STAR, LAYERS])


def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo):
    result = examples_under_dynamo[STAR.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted({(b["filename"], b["row"]) for b in result["breaks"]})
    assert broken == sorted({(path, row) for path, row, _ in marked_lines([STAR, LAYERS])})


def _write(root, files):
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def _star_table(root, module, text):
    imports = Imports(module, False, str(root / (module.replace(".", "/") + ".py")))
    tree = ast.parse(textwrap.dedent(text))
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
            imports.define(statement.name)
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            imports.add(statement)
    return imports.aliases


def test_a_star_import_binds_public_names_or_the_literal_all_and_never_hides_a_local_definition(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/common.py": """\
            import torch
            from torch import nn as _nn
            from .other import *

            def helper(x):
                return x

            _hidden = 1
            """,
        "pkg/other.py": "from .common import *\nimport numpy as np\n",  # a cycle: read once
        "pkg/listed.py": "import torch\n__all__ = ['Block']\nclass Block: pass\n",
    })
    aliases = _star_table(tmp_path, "pkg.model", """\
        from .common import *
        from .listed import *

        def helper(x):
            return x
        """)
    assert aliases == {"torch": "torch", "np": "numpy", "Block": "pkg.listed.Block"}


def test_a_cached_result_is_stale_once_a_star_imported_module_changes(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/common.py": "import torch\nfrom torch import nn\n",
        "pkg/model.py": """\
            from .common import *

            class Model(nn.Module):
                def forward(self, x):
                    return x[x > 0]
            """,
    })
    files = sorted((tmp_path / "pkg").glob("*.py"))
    config, codes = Config(root=tmp_path), list(all_rules())

    def run():
        cache = Cache.for_run(tmp_path / ".cache", config, codes)
        return [(f.start.row, f.code) for f in lint(files, config, codes, tool_codes_enabled(()), cache=cache).findings
                if f.path.endswith("model.py")]

    assert run() == [(5, "CL122")]
    (tmp_path / "pkg" / "common.py").write_text("import torch\n")  # nn is no longer bound: Model is no module
    assert run() == []
