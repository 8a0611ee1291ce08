"""Names unpacked from a forward's un-annotated input (`row, col = edge_index`) are as assumed as the input was: rows of
a tensor where a tensor method proves it (`int(index.max())` in the helper they are handed to, torch_geometric's
`maybe_num_nodes` / `scatter` without `dim_size`), never proof where the input may be a tuple of numbers (`h, w =
size`). Proven under dynamo by tests/adversarial/cases/idioms_gnn_num_nodes.py and
b6_pyg_scatter_dim_size_default.py (both missed before)."""

from tests.helpers import lint_text

SCATTER = """\
import torch
from torch import nn


def scatter(src, index, dim_size=None):
    if dim_size is None:
        dim_size = int(index.max()) + 1 if index.numel() > 0 else 0
    return src.new_zeros(dim_size, src.size(1)).index_add_(0, index, src)


class Net(nn.Module):
    def forward(self, x, edge_index):
        row, col = edge_index
        return scatter(x[row], col)
"""


def test_a_row_of_an_input_handed_to_a_helper_that_reads_it_as_a_tensor_is_flagged(tmp_path):
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, SCATTER)] == [(7, "CL111")]


def test_the_helper_is_silent_where_the_caller_passes_the_size(tmp_path):
    text = SCATTER.replace("scatter(x[row], col)", "scatter(x[row], col, dim_size=x.size(0))")
    assert lint_text(tmp_path, text) == []


def test_items_of_an_input_that_may_be_a_tuple_of_numbers_prove_nothing(tmp_path):
    text = """\
import math
import torch
import torch.nn.functional as F
from torch import nn


class Net(nn.Module):
    def forward(self, x, size, pair):
        h, w = size
        a, b = pair
        out = x.new_zeros(h, w)
        if h > 4:
            out = out + 1
        if a:
            out = out * 2
        for i in range(h):
            out = out + i
        n = int(h) + int(math.sqrt(w)) + round(b)
        v = [0, 1, 2][a]
        return out, x.view(h, w), n, x[:h], torch.arange(h * w), F.interpolate(x[None, None], size=(h, w)), v
"""
    assert lint_text(tmp_path, text) == []


def test_the_builtin_max_of_an_input_is_as_assumed_as_the_input(tmp_path):
    # `max(input_lengths)` of a collator's Python list reads the same as of a tensor (adversarial
    # b15_quiet_hf_max_builtin_python_lengths compiles); the max of a computed tensor is a tensor (b16's topk case)
    text = """\
import torch
from torch import nn


class Trim(nn.Module):
    def forward(self, x: torch.Tensor, lengths):
        longest = max(lengths)
        k = max(x.sum(-1))
        return x[:, :longest], x.topk(k)
"""
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text)] == [(9, "CL124")]


def test_a_long_unpacking_of_an_input_is_a_state_tuple_whose_items_stay_unknown(tmp_path):
    # espnet's MultiLevelLM: `clm_state, wlm_state, logprobs, node, log_y, logprob = state`, `node` a lexicon node
    text = """\
import torch
from torch import nn


class LM(nn.Module):
    def forward(self, state, x):
        clm_state, wlm_state, logprobs, node, log_y, logprob = state
        if node is not None and node[1] >= 0:
            x = x + 1
        return x
"""
    assert lint_text(tmp_path, text) == []
