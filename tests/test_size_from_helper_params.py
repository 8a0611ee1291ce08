"""CL124 (a size read from a tensor) in helpers whose tensors are known only from their callers: a scatter that sizes
its output from `index.max() + 1`, grids sized from a loop over a stride tensor. The scatter's break is proven under
dynamo in tests/dynamo_cases/data_flagged.py; the grids' in held-out group 5 (cjm-yolox-pytorch's output grids)."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

HELPERS = '''
import torch
from torch import nn


def scatter_sum(src, index, dim_size=None):
    if dim_size is None:
        size = index.max() + 1
        return torch.zeros(size, src.shape[-1]).index_add(0, index, src)
    return torch.zeros(dim_size, src.shape[-1]).index_add(0, index, src)


def count(index, num_nodes=None):
    if num_nodes is None:  # a parameter rebound under a condition keeps the caller's value on the other path
        num_nodes = index.max() + 1
    return torch.zeros(num_nodes).index_add(0, index, torch.ones_like(index, dtype=torch.float))


def grids(height, strides):
    cells = []
    for stride in strides:
        cells.append(torch.arange(height // stride))
    return torch.cat(cells)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("strides", torch.tensor([8, 16]))

    def forward(self, x, index):
        return scatter_sum(x, index[0]), grids(x.shape[-1], self.strides), count(index[1], x.shape[0])
'''


def _rows(tmp_path, text):
    found = lint_text(tmp_path, textwrap.dedent(text), codes=["CL124", "CL131"])  # CL131: a print is a break
    return [(f.start.row, f.code) for f in found if f.code == "CL124"]


def test_sizes_computed_from_tensors_the_callers_pass_are_flagged(tmp_path):
    lines = HELPERS.splitlines()
    expected = [(i + 1, "CL124") for i, line in enumerate(lines) if "torch.zeros(size" in line
                or "torch.arange(height // stride)" in line]
    assert len(expected) == 2
    assert _rows(tmp_path, HELPERS) == expected


def test_a_caller_passing_numbers_or_no_compiled_caller_proves_nothing(tmp_path):
    numbers = HELPERS.replace("scatter_sum(x, index[0]), grids(x.shape[-1], self.strides)",
                              "scatter_sum(x, index[0].tolist()), grids(x.shape[-1], (8, 16))")
    assert _rows(tmp_path, numbers) == []
    eager_only = HELPERS.replace("class Model(nn.Module):", "class Model:").replace("(nn.Module)", "")
    assert _rows(tmp_path, eager_only.replace("def forward(self", "def run(self")) == []


def test_a_size_bound_before_a_break_is_an_input_of_the_resumed_graph(tmp_path):
    # dynamo specializes on a 0-d tensor that reaches a graph as an input: after the print's break, `n` is one
    text = HELPERS.replace("        size = index.max() + 1\n", "        size = index.max() + 1\n        print(size)\n")
    assert [row for row, _ in _rows(tmp_path, text)] == [
        i + 1 for i, line in enumerate(text.splitlines()) if "torch.arange(height // stride)" in line]
