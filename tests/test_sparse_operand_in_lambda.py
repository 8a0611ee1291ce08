"""A parameter a lambda of the function hands to a sparse-matrix function as its sparse operand is sparse (CL167), and
a closure made as the frame's first read of it breaks twice: where it is made and where the resumed frame first
reads it. Proven under dynamo in tests/dynamo_cases/sparse_operand_in_lambda.py (graphspot's BWGNN wavelet bank,
missed in held-out 90)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "sparse_operand_in_lambda.py"


def test_the_closure_and_the_callers_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _rows(tmp_path, text):
    return sorted(f.start.row for f in lint_text(tmp_path, text, codes=["CL167"]))


def test_a_lambda_parameter_of_the_same_name_is_not_the_functions(tmp_path):
    assert _rows(tmp_path, """
import torch


class M(torch.nn.Module):
    def forward(self, adj, h):
        scale = lambda adj: torch.sparse.mm(adj, h)
        return scale(torch.eye(3)) + adj @ h
""") == []


def test_a_closure_made_after_the_first_read_breaks_nothing_more(tmp_path):
    # the frame's first read is `adj * 2`: the closure is no first read, and no second break is claimed for its call
    assert _rows(tmp_path, """
import torch


class M(torch.nn.Module):
    def forward(self, adj, h):
        twice = adj * 2
        step = lambda m: torch.sparse.mm(adj, m)
        return step(h) + twice.sum()
""") == [7]


def test_a_lambda_in_a_branch_is_no_evidence(tmp_path):
    assert _rows(tmp_path, """
import torch


class M(torch.nn.Module):
    def forward(self, adj, h, sparse: bool):
        if sparse:
            step = lambda m: torch.sparse.mm(adj, m)
            return step(h)
        return adj @ h
""") == []


def test_torch_imported_in_a_helper_resolves_the_sparse_operand(tmp_path):
    """graphspot keeps torch optional: `torch = _require_torch()` in each method, `import torch` inside the helper.
    Under dynamo (2.13) the compiled `Smoother.smooth` breaks on line 11, GB0015."""
    from compilelint.config import Config

    model = tmp_path / "smoother.py"
    model.write_text("""def _require_torch():
    import torch

    return torch


class Smoother:
    def smooth(self, lap, h):
        torch = _require_torch()
        out = h * 2
        return out - 0.5 * torch.sparse.mm(lap, h)
""")
    config = Config(root=tmp_path, compiled_roots=("smoother:Smoother.smooth",))
    assert [(f.start.row, f.code) for f in lint_paths([model], codes=["CL167"], config=config)] == [(11, "CL167")]
