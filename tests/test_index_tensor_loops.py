"""CL114 on positions taken from walking an index tensor built in the graph (`for i in torch.arange(n)`, the rows of
`torch.cartesian_prod(...)`): proven under dynamo in tests/dynamo_cases/index_tensor_loops.py (demucs' and
openunmix's `_covariance`, missed in held-out 23)."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

LOOPS = REPO / "tests" / "dynamo_cases" / "index_tensor_loops.py"


def test_positions_walked_from_index_tensors_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([LOOPS]))
    assert found == sorted(expected_lines(LOOPS))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[LOOPS.resolve()], LOOPS)


@pytest.mark.parametrize("loop, index, flagged", [
    ("for i in torch.arange(3):", "x[:, i]", True),
    ("for i in range(3):", "x[:, i]", False),  # a Python int
    ("for i in idx:", "x[:, i]", False),  # a tensor the graph receives, not one it builds
    ("for row in torch.cartesian_prod(torch.arange(2), torch.arange(2)):", "x[:, row[0]]", True),
    ("for row in torch.cartesian_prod(torch.arange(2), torch.arange(2)):", "x[row]", False),  # advanced indexing
    ("for row in torch.cartesian_prod(torch.arange(2), torch.arange(2)):", "x[:, row[0:1]]", False),
])
def test_only_positions_of_an_index_tensor_built_here_are_flagged(tmp_path, loop, index, flagged):
    text = textwrap.dedent(f"""\
        import torch
        from torch import nn


        class M(nn.Module):
            def forward(self, x, idx):
                total = 0
                {loop}
                    total = total + {index}
                return total
        """)
    rows = [f.start.row for f in lint_text(tmp_path, text, codes=["CL114"])]
    assert rows == ([9] if flagged else [])


def test_a_name_bound_to_an_index_tensor_is_walked_like_the_call(tmp_path):
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        class M(nn.Module):
            def forward(self, x):
                pairs = torch.cartesian_prod(torch.arange(2), torch.arange(2))
                for pair in pairs:
                    x = x + x[:, pair[1]]
                pairs = x
                for pair in pairs:
                    x = x + x[:, pair[1]]
                return x
        """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL114"])] == [9]


def test_a_store_whose_value_indexes_at_the_position_is_left_to_the_value_line(tmp_path):
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        def pairs_of(y):
            out = torch.zeros(3, 2, 2)
            for pair in torch.cartesian_prod(torch.arange(2), torch.arange(2)):
                out[:, pair[0], pair[1]] = (
                    y[:, pair[0]]
                )
            return out


        class M(nn.Module):
            def forward(self, x):
                return pairs_of(x)
        """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL114"])] == []  # `y` unknown: silence
    annotated = text.replace("def pairs_of(y):", "def pairs_of(y: torch.Tensor):")
    assert [f.start.row for f in lint_text(tmp_path, annotated, codes=["CL114"])] == [9]


def test_a_helper_call_does_not_hide_a_break_in_its_arguments(tmp_path):
    """The arguments run before the call: a project helper that might break (a CL141 candidate until the project
    says it is not disabled) comes after them, so the position they read is still the graph's own."""
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        def helper(a):
            return a * 2


        class M(nn.Module):
            def forward(self, x):
                i = x.sum(0).argmax()
                return helper(x[:, i])
        """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL114", "CL141"])] == [12]


def test_a_store_at_the_position_is_flagged_where_its_value_does_not_index_there(tmp_path):
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        class M(nn.Module):
            def forward(self, x):
                for i in torch.arange(3):
                    x[:, i] = x.sum()
                return x
        """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL114"])] == [8]
    in_a_tuple = text.replace("x[:, i] = x.sum()", "x[:, i], y = x[:, i].sum(), 0")
    assert [f.start.row for f in lint_text(tmp_path, in_a_tuple, codes=["CL114"])] == [8]
