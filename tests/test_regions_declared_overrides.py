"""An attribute holding a constructor argument annotated with a project base class, kept unless it is None
(`self.p = p if p is not None else Default()`, `self.p = p or Default()`): the user may pass any project subclass, so
a method called on it in compiled code runs each subclass's override (ClassInfo.declared). The regions alone, no rule.

Measured on 2.13 (reachy-2026-11-30y.md §2, tests/adversarial/cases/reachy_declared_override.py): dynamo traces the
override of the instance the user passed (ito-vision's classifier guidance, group 84)."""

from __future__ import annotations

import textwrap

from compilelint.index import index_file
from compilelint.linter import parse_and_lint, read_source
from compilelint.regions import ProjectRegions

SAMPLER = """
    from typing import Optional

    import torch


    class Parametrization:
        def get_x0(self, x):
            return x


    class Identity(Parametrization):
        def get_x0(self, x):
            return x


    class Guided(Identity):
        def get_x0(self, x):
            return x * 2


    class Unrelated:
        def get_x0(self, x):
            return x


    class Sampler:
        def __init__(self, a: Optional[Parametrization] = None, b: Optional[Parametrization] = None,
                     c: Parametrization = None, d=None):
            self.a = a if a is not None else Identity()
            self.b = b or Identity()
            self.c = c if c else Identity()
            self.d = d if d is not None else Identity()

        @torch.compile
        def pred(self, x):
            return self.a.get_x0(x) + self.b.get_x0(x) + self.c.get_x0(x)

        @torch.compile
        def pred_d(self, x):
            return self.d.get_x0(x)
"""


def _facts(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(textwrap.dedent(SAMPLER))
    return parse_and_lint(read_source(path, "m.py")[0], "m", False, ()).facts


def test_an_argument_kept_unless_none_declares_the_attribute_class_in_the_engine_and_the_index_alike(tmp_path):
    parsed = _facts(tmp_path).classes["Sampler"].declared
    indexed = index_file(textwrap.dedent(SAMPLER), "m.py", "m", False).facts.classes["Sampler"].declared
    # `d` has no annotation: nothing declared
    assert parsed == indexed == {"a": "Parametrization", "b": "Parametrization", "c": "Parametrization"}


def test_the_method_called_on_it_reaches_every_subclass_override(tmp_path):
    regions = ProjectRegions([_facts(tmp_path)], assume_forward=False)
    reached = {qualname for _, qualname in regions.reach([("m.py", "Sampler.pred")])}
    assert {"Parametrization.get_x0", "Identity.get_x0", "Guided.get_x0"} <= reached
    assert "Unrelated.get_x0" not in reached
    compiled = {qualname for _, qualname in regions.compiled}
    assert "Guided.get_x0" in compiled and "Unrelated.get_x0" not in compiled
    # an unannotated argument: only the default the attribute is known to hold
    assert {qualname for _, qualname in regions.reach([("m.py", "Sampler.pred_d")])} == {"Sampler.pred_d",
                                                                                         "Identity.get_x0"}
