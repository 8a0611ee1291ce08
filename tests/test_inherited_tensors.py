"""Tensors a project base class of another file stores on self are tensors in its subclasses' methods (refiners' Solver
tables read in DDIM.step, held-out 42), on strong evidence only: facts.ClassInfo.stored_tensors, recorded alike by the
engine and the ast index, decided project-wide (summaries: "attr" atoms). Proven under dynamo in
tests/dynamo_cases/inherited_tensors.py."""

from __future__ import annotations

import textwrap

from compilelint.index import index_file
from compilelint.linter import parse_and_lint, read_source
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, found_lines, lint_paths, marked_lines

CASES = REPO / "tests" / "dynamo_cases" / "inherited_tensors.py"
HELPERS = REPO / "tests" / "dynamo_cases" / "inherited_helpers" / "schedules.py"


def test_reads_of_inherited_tensors_are_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([CASES, HELPERS])) == marked_lines([CASES, HELPERS])


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _stored(text: str):
    """ClassInfo.stored_tensors of class C, from the engine and from the ast index (they must agree)."""
    source, _ = read_source(_write(text), "m.py")
    engine = parse_and_lint(source, "m", False, ()).facts.classes["C"].stored_tensors
    assert index_file(source.text, "m.py", "m", False).facts.classes["C"].stored_tensors == engine
    return engine


def _write(text: str):
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "m.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_only_strong_evidence_makes_a_stored_tensor():
    assert _stored("""
        import torch
        from torch import Tensor, nn


        class C(nn.Module):
            levels = None

            def __init__(self, n, table):
                super().__init__()
                self.a = torch.zeros(n)
                self.b = 1.0 - torch.cumprod(self.a, dim=0)
                self.c = self.a.flip(0)[1:] if n else torch.ones(1)
                self.d = self.make()
                self.e = table
                self.f, self.g = torch.zeros(1), torch.ones(1)
                self.h = nn.Parameter(torch.ones(1))
                self.register_buffer("i", torch.arange(n))
                self.register_buffer("j", None)
                self.k = torch.split(self.a, 2)
                self.m = self.a.tolist()
                self.levels = torch.ones(3)
                self.s = torch.tensor([1.0])
                if n: self.t = torch.ones(1)
                match n:
                    case 1:
                        self.u = 0.5

            def make(self) -> Tensor:
                return torch.ones(1)

            def to_cpu(self):
                self.s = self.s.to("cpu")
                self.u = torch.ones(1)
    """) == {"levels": False, "a": True, "b": True, "c": True, "d": True, "e": False, "f": False, "g": False,
             "h": True, "i": True, "j": False, "k": False, "m": False, "s": True, "t": True, "u": False}


def test_attributes_stored_only_from_each_other_are_no_tensors():
    assert _stored("""
        class C:
            def set(self, x):
                self.a = self.b.flip(0)
                self.b = self.a * 2
    """) == {"a": False, "b": False}


def test_a_base_class_outside_the_project_says_nothing(tmp_path):
    (tmp_path / "m.py").write_text(textwrap.dedent("""\
        import torch
        from somewhere import Solver


        class DDIM(Solver):
            def step(self, x, step):
                if self.timesteps[step] > 0:
                    x = x * 2
                return x


        step = torch.compile(DDIM().step)
    """), encoding="utf-8")
    assert lint_paths([tmp_path / "m.py"]) == []
