"""What calling an element of a module container returns: `for blk in self.blocks: h = blk(h)` and
`self.blocks[0](h)` return what the element classes' forward returns (regions resolve the call, summaries read its
returns), so a test of the result is a data-dependent branch; elements returning Python values, or of classes the
project does not define, tell nothing."""

from __future__ import annotations

from tests.helpers import lint_text

HEAD = '''
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x)

    def encode(self, x):
        return torch.sigmoid(x)


class Count(nn.Module):
    def forward(self, x):
        return x.shape[0]


class Net(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.blocks = nn.ModuleList([Block(4) for _ in range(2)])
        self.counts = nn.ModuleList([Count()])
        self.layers = nn.ModuleList(layers)

    def forward(self, x):
        h = torch.tanh(x)
'''


def rows(tmp_path, body: str):
    text = HEAD + "".join("        " + line + "\n" for line in body.strip().splitlines())
    return sorted(f.start.row - HEAD.count("\n") for f in lint_text(tmp_path, text, codes=["CL101"]))


def test_a_loop_over_blocks_leaves_their_forward_result(tmp_path):
    assert rows(tmp_path, """
for blk in self.blocks:
    h = blk(h)
if h.sum() > 0:
    h = h + 1
return h
""") == [3]


def test_an_indexed_block_returns_its_forward_result(tmp_path):
    assert rows(tmp_path, """
out = self.blocks[1](h)
if out.mean() > 0:
    out = out - 1
return out
""") == [2]


def test_a_method_of_an_element_returns_what_it_returns(tmp_path):
    assert rows(tmp_path, """
for blk in self.blocks:
    z = blk.encode(h)
if z.max() > 0.5:
    h = h + 1
return h
""") == [3]


def test_elements_returning_python_values_or_unknown_classes_tell_nothing(tmp_path):
    assert rows(tmp_path, """
for c in self.counts:
    n = c(h)
if n > 0:
    h = h + 1
m = self.layers[0](h)
if m:
    h = h * 2
return h
""") == []
