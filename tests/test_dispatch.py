"""Constructor arguments annotated with a project base class (`encoder: AbsEncoder`, `Optional[AbsNormalize]`),
stored on self unchanged: the attribute holds an instance of that class or of any project subclass, so a call of
it (or of its methods) in compiled code runs each subclass's override. Dynamo's side is
tests/adversarial/cases/dispatch_*.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from compilelint.index import index_file
from compilelint.linter import lint, parse_and_lint, read_source
from compilelint.registry import all_rules, tool_codes_enabled
from tests.test_index import _comparable

MODEL = textwrap.dedent('''
    from typing import Optional
    import torch
    from torch import nn
    from pkg.abs import AbsEncoder, AbsScorer

    class Model(nn.Module):
        def __init__(self, encoder: AbsEncoder, scorer: "AbsScorer", weight: torch.Tensor,
                     block: nn.Module, norm: Optional[AbsEncoder] = None, *, other: AbsEncoder | None = None,
                     again: AbsEncoder = None):
            super().__init__()
            self.encoder = encoder
            self.scorer = scorer
            self.weight = weight
            self.block = block
            self.norm = norm
            self.other = other
            again = again or encoder
            self.again = again

        def forward(self, x):
            return self.encoder.extract(x)
''')

ABS = textwrap.dedent('''
    from torch import nn

    class AbsEncoder(nn.Module):
        def extract(self, x):
            raise NotImplementedError

    class AbsScorer:
        pass
''')

CONFORMER = textwrap.dedent('''
    from pkg.abs import AbsEncoder

    class Conformer(AbsEncoder):
        def extract(self, x):
            return x * x.sum().item()

        def unused(self, x):
            return x.tolist()
''')


def test_annotated_arguments_declare_the_attribute_class_in_the_engine_and_the_index_alike(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    source, _ = read_source(path, str(path))
    index = index_file(source.text, source.path, "pkg.model", False)
    full = parse_and_lint(source, "pkg.model", False, ())
    # a string annotation, a class outside the project and a rebound argument declare nothing
    assert full.facts.classes["Model"].declared == {"encoder": "pkg.abs.AbsEncoder", "norm": "pkg.abs.AbsEncoder",
                                                    "other": "pkg.abs.AbsEncoder"}
    assert _comparable(index.facts)["classes"] == _comparable(full.facts)["classes"]


def test_a_subclass_method_called_through_the_attribute_is_compiled(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "model.py").write_text(MODEL)
    (pkg / "abs.py").write_text(ABS)
    (pkg / "conformer.py").write_text(CONFORMER)
    run = lint(sorted(pkg.glob("*.py")), Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    found = {(Path(f.path).stem, f.start.row, f.code) for f in run.findings}
    assert ("conformer", 6, "CL111") in found  # Conformer.extract, reached through self.encoder.extract
    assert not any(stem == "conformer" and row == 9 for stem, row, _ in found)  # never called
