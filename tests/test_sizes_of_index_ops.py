"""CL124 on `triu_indices` / `tril_indices` (row and column counts), `kthvalue` (its `k`) and `tensor_split` (its
`indices_or_sections`): a tensor computed in the graph breaks (GB0033), Python values compile
(tests/dynamo_cases/sizes_of_index_ops.py; b24_pyg_dense_pairs_triu_count, b24_pyg_median_degree_kthvalue,
b24_pyg_unbatch_tensor_split_ptr). `kthvalue` and `tensor_split` are tensor-only methods: judged on any receiver."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "sizes_of_index_ops.py"


def test_tensor_counts_of_index_ops_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_python_sections_of_a_list_are_not_flagged(tmp_path):
    text = """import torch
from torch import nn


class M(nn.Module):
    def forward(self, x, sizes: list):
        parts = x.tensor_split(sizes)
        return torch.kthvalue(x[:, 0], len(sizes)).values + parts[0].sum()
"""
    assert [f for f in lint_text(tmp_path, text) if f.code == "CL124"] == []


def test_a_parameter_handed_to_tensor_split_may_still_be_a_tensor(tmp_path):
    # eager code gives tensor_split an index tensor as often as a count: the engine takes no int from it
    text = """import torch
from torch import nn


def unbatch(src, indices):
    bounds = indices.tolist()
    return src.tensor_split(indices), bounds


class M(nn.Module):
    def forward(self, x, ptr):
        parts, _ = unbatch(x, ptr[1:-1])
        return parts[0]
"""
    assert ("CL112", 6) in {(f.code, f.start.row) for f in lint_text(tmp_path, text)}
