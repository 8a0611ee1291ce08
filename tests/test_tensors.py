"""What is a tensor: every `probe(expr)  # kind` line states what the inference must answer for expr."""

from __future__ import annotations

import libcst as cst
import pytest

from compilelint.check import Check
from compilelint.engine import lint_module

SOURCE = '''
import numpy as np
import torch
import torch.nn.functional as F
from typing import Optional
from torch import nn


def relu_helper(x):
    return torch.relu(x)


def shape_helper(x):
    return x.shape[0]


def maybe_none(x):
    if x.dim() > 1:
        return x


def numbers(x):
    yield x


class Block(nn.Module):
    def forward(self, x):
        return F.gelu(x)


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("inherited", torch.zeros(3))


class Net(Base):
    def __init__(self, config):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.rnn = nn.LSTM(4, 4)
        self.block = Block()
        self.weight = nn.Parameter(torch.ones(4))
        self.register_buffer("mask", torch.ones(4))
        self.eps = 1e-5
        self.config = config

    def norm(self, x):
        return F.normalize(x, dim=-1)

    def forward(self, x, n: int = 3, s: "torch.Tensor" = None, o: Optional[torch.Tensor] = None, *args):
        probe(x)  # tensor: a positional parameter of forward
        probe(n)  # not
        probe(s)  # tensor: a string annotation
        probe(o)  # tensor: None or a tensor, read as one where it is not None
        probe(args)  # not: a tuple
        probe(torch.zeros(3))  # tensor
        probe(F.relu(x))  # tensor
        probe(torch.where(x > 0, x, 0.0))  # tensor
        probe(torch.where(x > 0))  # unknown: a tuple
        probe(torch.max(x, dim=1))  # unknown: values and indices
        probe(torch.is_tensor(x))  # not
        probe(x.sum())  # tensor
        probe(x.view(2, -1))  # tensor
        probe(x.size())  # not
        probe(x.size(0))  # not
        probe(x.size()[1])  # not
        probe(x.shape[-1])  # not
        probe(x.dim())  # not
        probe(x.numel())  # not
        probe(len(x))  # not
        probe(x.item())  # not
        probe(x.topk(2))  # unknown
        probe(self.proj(x))  # tensor: an nn module
        probe(self.rnn(x))  # unknown: LSTM returns a tuple
        probe(self.block(x))  # tensor: a module of this file whose forward returns a tensor
        probe(self.norm(x))  # tensor: a method whose return is a tensor
        probe(x + 1)  # tensor
        probe(n * 2)  # not
        probe(x[0])  # tensor
        probe(x[x > 0])  # tensor
        probe(self.weight)  # tensor: nn.Parameter
        probe(self.mask)  # tensor: a buffer
        probe(self.inherited)  # tensor: a buffer of the base class
        probe(self.eps)  # not
        probe(self.training)  # not
        probe(self.config.flag)  # unknown
        probe(relu_helper(x))  # tensor: a helper of this file
        probe(shape_helper(x))  # not
        probe(later_helper(x))  # tensor: annotated, defined further down
        probe(maybe_none(x))  # unknown: may fall off the end
        probe(numbers(x))  # unknown: a generator
        probe(x is None)  # not
        probe(isinstance(x, torch.Tensor))  # not
        probe(x.dtype == torch.float16)  # not
        probe(x.device.type == "cuda")  # not
        probe(x.sum() > 0)  # tensor
        probe(x == "causal")  # not: a tensor == a str is False
        probe(x.keys())  # not: a mapping's view (tensors have no keys())
        probe(unknown_library(x))  # unknown
        probe(np.float32(1e-6))  # not: a numpy scalar of a number
        probe(np.float32(x.numpy()))  # unknown: an array traced from a tensor
        y = x * 2
        probe(y)  # tensor: assigned
        a, b = x.chunk(2)
        probe(b)  # tensor: unpacked from chunk
        batch, width = x.shape
        probe(width)  # not: unpacked from a shape
        height, depth = x.shape[-2:]
        probe(depth)  # not: unpacked from a slice of a shape
        rows, cols = x.size()
        probe(cols)  # not: unpacked from a size
        first, second = y
        probe(second)  # tensor: unpacking a tensor yields its rows
        rows_of_x, cols_of_x = x
        probe(cols_of_x)  # tensor: assumed, as the bare parameter it comes from (rules asking for proof do not take it:
        # `h, w = hw` may be numbers, tests/test_unpacked_inputs.py)
        head, *tail = y
        probe(head)  # tensor: the first row
        probe(tail)  # not: a list of the other rows
        probe(tail[0])  # tensor: one of those rows
        for d in x.shape:
            probe(d)  # not: a dimension of the shape
        if (z := x.mean()) is not None:
            probe(z)  # tensor: walrus
        if n > 1:
            opt = x.sum(-1)
        else:
            opt = None
        probe(opt)  # tensor: None or a tensor (whichever branch comes last), read as one where it is not None
        nothing = None
        probe(nothing)  # not
        total = 0
        total += x.sum()
        probe(total)  # tensor: augmented assignment
        for row in x:
            probe(row)  # tensor: rows of a tensor
        for i in range(3):
            probe(i)  # not
        for j, blk in enumerate([x]):
            probe(j)  # not
        for degree in x.keys():
            probe(degree)  # unknown: a key of the mapping given where a tensor was expected
        self.attend(y, n)
        mixed(x)
        return y

    def attend(self, q, m):
        probe(q)  # tensor: every call site seen passes a tensor
        probe(m)  # unknown: only tensors are taken from call sites


def other_caller():
    mixed(3)


def mixed(v):
    probe(v)  # unknown: its call sites disagree


def later_helper(x) -> torch.Tensor:
    return x


def plain(x, k=2):
    probe(x)  # unknown: a plain function's parameter
    probe(k)  # not
'''

EXPECTED = {"tensor": "tensor", "not": "not-tensor", "unknown": "unknown"}


class _Probe(Check):
    """Records ctx.kind of the argument of each `probe(...)` call."""

    code = "CL000"
    seen: dict

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value == "probe":
            self.seen[id(node)] = self.ctx.kind(node.args[0].value).value


def _cases():
    rows = []
    for row, line in enumerate(SOURCE.splitlines(), start=1):
        if line.strip().startswith("probe(") and "  # " in line:
            rows.append((row, line.strip().split("  # ")[0], EXPECTED[line.split("  # ")[1].split(":")[0].strip()]))
    return rows


CASES = _cases()


@pytest.fixture(scope="module")
def kinds():
    module = cst.parse_module(SOURCE)
    seen = {}
    _Probe.seen = seen
    lint_module("probe.py", module, [_Probe], "probe")
    positions = cst.metadata.MetadataWrapper(module, unsafe_skip_copy=True).resolve(cst.metadata.PositionProvider)
    by_row = {}
    for node, position in positions.items():
        if isinstance(node, cst.Call) and id(node) in seen:
            by_row[position.start.line] = seen[id(node)]
    return by_row


@pytest.mark.parametrize("row,expression,expected", CASES, ids=[f"{r}:{e}" for r, e, _ in CASES])
def test_kind(kinds, row, expression, expected):
    assert kinds.get(row) == expected, f"line {row}: {expression}"


def test_every_probe_was_visited(kinds):
    assert len(CASES) >= 50 and set(kinds) == {row for row, _, _ in CASES}


def test_bare_forward_parameters_compared_with_numbers_are_not_taken_for_tensors(tmp_path):
    from tests.helpers import lint_text

    found = lint_text(tmp_path, (
        "import torch\n\n\nclass Bias(torch.nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.register_buffer('bias', torch.zeros(4, 4))\n\n"
        "    def forward(self, i, j, x):\n"
        "        if self.bias.shape[-1] >= j and i > 0:\n"  # ints in practice: compiles
        "            n = i + 1\n"
        "        if x.sum() > 0:\n"  # a parameter used as a tensor stays a tensor
        "            x = x * 2\n"
        "        if j > 0:\n"
        "            j = j * 2\n"
        "        return x\n"))
    assert [(f.code, f.start.row) for f in found] == [("CL101", 12)]


def test_the_items_unpacked_from_a_bare_forward_parameter_are_unknown(tmp_path):
    from tests.helpers import lint_text

    # torch's RNN: `input, batch_sizes, ... = input` of a PackedSequence; `h, w = hw` of a tuple of ints
    found = lint_text(tmp_path, (
        "import torch\n\n\nclass Rnn(torch.nn.Module):\n"
        "    def forward(self, input, hw, hx=None):\n"
        "        input, batch_sizes = input\n"
        "        h, w = hw\n"
        "        if hx is None:\n"
        "            hx = torch.zeros(3, batch_sizes[0], w)\n"
        "        if (h % 7) > 0:\n"
        "            hx = hx * 2\n"
        "        return hx\n"))
    assert found == []


def test_a_property_reads_as_what_it_returns(tmp_path):
    from tests.helpers import lint_text

    # CLIP-style temperature: reading the property calls it (dynamo-proven in
    # tests/adversarial/cases/b6_hf_logit_scale_property.py); a property returning a dtype stays a plain value
    found = lint_text(tmp_path, (
        "import torch\n\n\nclass Head(torch.nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.logit_scale = torch.nn.Parameter(torch.tensor(2.6))\n\n"
        "    @property\n    def temperature(self):\n        return self.logit_scale.exp()\n\n"
        "    @property\n    def wide(self):\n        return self.logit_scale.dtype\n\n"
        "    def forward(self, x):\n"
        "        if self.temperature > 1.0:\n"
        "            x = x * 2\n"
        "        if self.wide == torch.float64:\n"
        "            x = x.float()\n"
        "        return x\n"))
    assert [(f.code, f.start.row) for f in found] == [("CL101", 18)]
