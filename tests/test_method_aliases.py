"""A method bound under another name in the class body (`forward = _forward_impl`): calling the alias runs the method
(ClassInfo.method_aliases), so a module's aliased forward is compiled and its inputs are forward's. Proven under
dynamo by the adversarial cases regions_forward_alias.py and kn_timm_forward_alias.py."""

from __future__ import annotations

import textwrap

from compilelint.index import index_file
from compilelint.linter import module_name, parse_and_lint, read_source
from tests.helpers import lint_text

MODEL = textwrap.dedent("""\
    import torch
    from torch import nn


    class Model(nn.Module):
        def _export_impl(self, x):
            return x.tolist()

        def _forward_impl(self, x):
            return x[x > 0]

        forward = _forward_impl
        export = _export_impl


    class Caller(nn.Module):
        def __init__(self):
            super().__init__()
            self.inner = Model()

        def forward(self, x):
            return self.inner.forward(x * 2)
    """)


def _found(findings):
    return sorted((f.start.row, f.code) for f in findings)


def test_an_aliased_forward_is_compiled_with_forward_inputs_and_other_aliases_are_not(tmp_path):
    row = MODEL.splitlines().index("        return x[x > 0]") + 1
    assert _found(lint_text(tmp_path, MODEL)) == [(row, "CL122")]


def test_a_def_after_the_alias_rebinds_the_name(tmp_path):
    text = MODEL.replace("    export = _export_impl\n", "    export = _export_impl\n\n"
                                                         "    def forward(self, x):\n"
                                                         "        return x * 2\n")
    assert text != MODEL
    assert _found(lint_text(tmp_path, text)) == []


def test_the_index_and_the_engine_record_the_aliases_alike(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    source, _ = read_source(path, str(path))
    name, is_package = module_name(path)
    engine = parse_and_lint(source, name, is_package, ()).facts.classes["Model"].method_aliases
    index = index_file(source.text, source.path, name, is_package).facts.classes["Model"].method_aliases
    assert engine == index == {"forward": "_forward_impl", "export": "_export_impl"}
