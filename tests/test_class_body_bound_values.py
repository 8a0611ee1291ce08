"""A name a class body binds to a class (`struct = LinearChain`) is what `self.struct` holds on an instance of that
class, and, read in a base class's method, on an instance of each subclass binding it: calls through it reach the
bound class's methods (torch-struct's distributions, missed in held-out 87). Proven under dynamo in
tests/dynamo_cases/class_body_bound_struct.py."""

from __future__ import annotations

import textwrap

from compilelint.config import Config
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "class_body_bound_struct.py"

STRUCT = """\
    import torch


    class Chain:
        def __init__(self, semiring=None):
            self.semiring = semiring

        def marginals(self, potentials):
            return torch.autograd.grad(potentials.sum(), potentials)
"""


def _rows(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    found = lint_paths(sorted(tmp_path.rglob("*.py")), config=Config(root=tmp_path))
    return sorted((f.path.name if hasattr(f.path, "name") else str(f.path).rpartition("/")[2], f.start.row, f.code)
                  for f in found if f.code.startswith("CL1"))


def test_the_struct_bound_in_the_class_body_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_subclass_in_another_file_binding_an_imported_class_is_reached(tmp_path):
    rows = _rows(tmp_path, {"pkg/__init__.py": "", "pkg/chain.py": STRUCT, "pkg/dist.py": """\
        import torch
        from .chain import Chain


        class Distribution:
            def __init__(self, log_potentials):
                self.log_potentials = log_potentials

            def _struct(self, semiring=None):
                return self.struct(semiring)

            def marginals(self):
                return self._struct().marginals(self.log_potentials)


        class ChainCRF(Distribution):
            struct = Chain


        @torch.compile
        def decode(potentials):
            return ChainCRF(potentials).marginals()
    """})
    assert ("chain.py", 9, "CL147") in rows


def test_a_class_body_binding_nothing_reads_reaches_nothing(tmp_path):
    rows = _rows(tmp_path, {"pkg/__init__.py": "", "pkg/chain.py": STRUCT, "pkg/dist.py": """\
        import torch
        from .chain import Chain


        class Distribution:
            def __init__(self, log_potentials):
                self.log_potentials = log_potentials

            def marginals(self):
                return self.log_potentials.softmax(-1)


        class ChainCRF(Distribution):
            struct = Chain


        @torch.compile
        def decode(potentials):
            return ChainCRF(potentials).marginals()
    """})
    assert not [row for row in rows if row[0] == "chain.py"]


def test_a_class_body_alias_of_a_method_stays_a_method_alias():
    from compilelint.facts import ClassInfo

    info = ClassInfo(name="M", methods=["_forward_impl"])
    info.alias_method("forward", "_forward_impl")
    info.bind_class_value("forward", "_forward_impl", "pkg.m._forward_impl")
    info.bind_class_value("struct", "Chain", "pkg.chain.Chain")
    assert info.method_aliases == {"forward": "_forward_impl"}
    assert info.class_values == {"struct": "pkg.chain.Chain"}
