"""Reach into objects `__init__` holds on self: an instance bound to a local name first, and a function a subclass's
`__init__` sets on an attribute the base class's forward calls (both missed in held-out 22: lie-transformer-pytorch
se3.py:65, cliffordlayers custom_kernels.py:89 and 169). Proven under dynamo in tests/dynamo_cases/held_objects.py."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

HELD = REPO / "tests" / "dynamo_cases" / "held_objects.py"


def test_breaks_in_held_objects_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([HELD]))
    assert found == sorted(expected_lines(HELD))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[HELD.resolve()], HELD)


def _rows(tmp_path, text):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))


def test_a_local_name_bound_twice_says_nothing_about_the_attribute(tmp_path):
    text = """\
        import torch
        from torch import nn

        class Group:
            def lift(self, x):
                return x.item()

        class Other:
            def lift(self, x):
                return x

        class Model(nn.Module):
            def __init__(self, other):
                super().__init__()
                group = Group()
                if other:
                    group = Other()
                self.group = group

            def forward(self, x):
                return self.group.lift(x)
    """
    assert _rows(tmp_path, text) == []


def test_the_base_class_alone_runs_its_own_function(tmp_path):
    text = """\
        import torch
        from torch import nn

        def plain(w):
            return w

        class Conv(nn.Module):
            def __init__(self):
                super().__init__()
                self.weight = nn.Parameter(torch.randn(2, 2))
                self._kernel = plain

            def forward(self, x):
                return x @ self._kernel(self.weight)
    """
    assert _rows(tmp_path, text) == []
