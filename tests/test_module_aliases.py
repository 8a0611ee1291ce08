"""A module-level `name = dotted.name` of an import or a builtin is one more spelling of it, and so is a local one
in a function until it is rebound: the disable decorator, print, a module (dynamo-proven in
tests/adversarial/cases/flow_disabled_aliases.py and flow_partials_and_aliases.py)."""

from __future__ import annotations

import ast
import textwrap

from compilelint.index import Imports
from tests.helpers import lint_text


def _rows(tmp_path, text):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))


def test_an_alias_of_torch_compiler_disable_disables_and_its_call_breaks(tmp_path):
    text = """\
        import torch

        no_compile = torch.compiler.disable

        @no_compile
        def log_stats(x):
            print(x.mean())
            return x

        @torch.compile
        def f(x):
            return log_stats(x) * 2
    """
    assert _rows(tmp_path, text) == [(12, "CL141")]


def test_an_alias_of_print_or_of_a_module_resolves_to_it(tmp_path):
    text = """\
        import torch
        import torch.nn.functional as nnf

        emit = print
        F = nnf

        @torch.compile
        def f(x, labels):
            emit("step")
            return F.one_hot(labels) + x
    """
    assert _rows(tmp_path, text) == [(9, "CL131"), (10, "CL123")]


def test_only_imports_and_builtin_functions_are_aliased():
    imports = Imports("pkg.mod")
    imports.add(ast.parse("import torch").body[0])
    for name, value in [("no_compile", "torch.compiler.disable"), ("emit", "print"), ("flag", "None"),
                        ("here", "__name__"), ("chosen", "local_function")]:
        imports.add_assignment(name, value)
    assert imports.aliases == {"torch": "torch", "no_compile": "torch.compiler.disable", "emit": "print"}


def test_a_builtin_the_module_redefines_is_not_aliased():
    imports = Imports("pkg.mod")
    imports.define("print")
    imports.add_assignment("emit", "print")
    assert "emit" not in imports.aliases


def test_a_local_alias_of_a_builtin_is_one_more_spelling_of_it_until_rebound(tmp_path):
    text = """\
        import torch

        @torch.compile
        def f(x):
            emit = print
            as_int = int
            emit("mean", x.mean())
            n = as_int(x.sum())
            as_int = len
            return x * n + as_int(x)

        @torch.compile
        def g(x, as_int):
            return as_int(x.sum())
    """
    assert _rows(tmp_path, text) == [(7, "CL131"), (8, "CL111")]
