"""CL167's evidence of a sparse value and where a frame first reads one, beyond the rule's own examples: the legacy
typed constructor, adjacency-building helper methods stored in `__init__`, sums of sparse tensors, names that only
alias one, and branches that leave the function. Proven under dynamo in rules/CL167-sparse-tensor/bad.py (recbole's
LightGCN, SpectralCF, DGCF and GCMC adjacencies and its SparseDropout, missed in held-out 65)."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

HEAD = """
import torch
from torch import nn


"""


def _rows(tmp_path, body: str):
    text = HEAD + textwrap.dedent(body)
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL167"]))


ADJACENCY = """
class Conv(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.adj = {store}

    def eye(self, n):
        index = torch.arange(n)
        return torch.sparse.FloatTensor(torch.stack([index, index]), torch.ones(n))

    def walk(self, n):
        index = torch.arange(n)
        walk = torch.sparse.FloatTensor(torch.stack([index, (index + 1) % n]), torch.ones(n), torch.Size([n, n]))
        return walk.coalesce()

    def mixed(self, n):
        if n > 2:
            return self.walk(n)
        return torch.eye(n)

    def forward(self, x):
        x = x * 2
        return torch.sparse.mm(self.adj, x)
"""


def test_an_attribute_stored_from_a_helper_returning_a_legacy_sparse_tensor_is_read_sparse(tmp_path):
    assert _rows(tmp_path, ADJACENCY.format(store='self.walk(n).to("cpu")')) == [(28, "CL167")]


def test_helpers_building_on_one_another_and_their_sum_are_sparse(tmp_path):
    assert _rows(tmp_path, ADJACENCY.format(store="self.eye(n) - self.walk(n)")) == [(28, "CL167")]


def test_a_helper_that_may_return_a_dense_tensor_or_a_sum_with_one_is_no_evidence(tmp_path):
    assert _rows(tmp_path, ADJACENCY.format(store="self.mixed(n)")) == []
    assert _rows(tmp_path, ADJACENCY.format(store="self.walk(n) + torch.eye(n)")) == []


def test_naming_a_sparse_tensor_is_no_read_the_next_use_of_the_name_is(tmp_path):
    assert _rows(tmp_path, """
        class Conv(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.adj = torch.eye(n).to_sparse()

            def forward(self, x, edges):
                adj, n = self.adj, 2
                x = x * n
                return propagate(edges, torch.sparse.mm(adj, x))


        def propagate(adj, x):
            a = adj
            x = x * a.sum()
            return x + adj._values().sum()
    """) == [(15, "CL167"), (20, "CL167")]


def test_the_code_after_a_branch_that_returns_reads_the_value_first_again(tmp_path):
    assert _rows(tmp_path, """
        class SparseDropout(nn.Module):
            def forward(self, x):
                if not self.training:
                    return x
                mask = torch.rand(x._values().size()) > 0.5
                return x._indices()[:, mask]
    """) == [(10, "CL167"), (11, "CL167")]


def test_a_branch_whose_test_reads_the_value_may_test_its_layout(tmp_path):
    # the test itself is the first read (the helper reads the layout); the dense fall-through is not flagged
    assert _rows(tmp_path, """
        def is_sparse(t):
            return t.layout != torch.strided


        def scaled(tensor, x):
            if is_sparse(tensor):
                return x * tensor._values().sum()
            return x * tensor.sum()


        class M(nn.Module):
            def forward(self, adj, x):
                return scaled(adj, x)
    """) == [(12, "CL167"), (19, "CL167")]  # the caller hands it down: its read breaks first (_sparse_params)


def test_a_branch_that_falls_through_keeps_the_first_read(tmp_path):
    assert _rows(tmp_path, """
        def propagate(adj, x, scale):
            if scale:
                x = x * adj._values().sum()
            return x + adj._values().mean()


        class M(nn.Module):
            def forward(self, adj, x):
                return propagate(adj, x, True)
    """) == [(9, "CL167"), (15, "CL167")]  # and the caller that hands it down (_sparse_params)
