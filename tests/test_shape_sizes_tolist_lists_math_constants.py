"""Batch 28's fixes (benchmarks/results/adversarial28-2026-11-30y.md), each proven by its rule's bad.py under dynamo:
CL124 on a numpy size of a value whose shape the function unpacked (`b, c, *rest = sample.shape` then
`sample.reshape(b, c * np.prod(rest))` in a scheduler's helper: GB0033); CL114 on a list made by `t.tolist()` indexed by
a tensor (GB0124); CL133 on a replayed `random` draw times `math.pi`, a Python float (GB0213)."""

from __future__ import annotations

from tests.helpers import lint_text

HEAD = "import math\nimport random\n\nimport numpy as np\nimport torch\nfrom torch import nn\n\n\n"
FIRST = HEAD.count("\n") + 1  # the row of the text after HEAD


def _rows(tmp_path, body: str, code: str):
    return sorted(f.start.row - FIRST for f in lint_text(tmp_path, HEAD + body, codes=[code]))


def test_numpy_size_of_a_shape_unpacked_in_a_helper(tmp_path):
    body = """\
class Scheduler:
    def flat(self, sample):
        b, c, *rest = sample.shape
        return sample.reshape(b, c * np.prod(rest))

    def flat_int(self, sample):
        b, c, *rest = sample.shape
        return sample.reshape(b, int(np.prod(rest)) * c)

    def flat_math(self, sample):
        b, c, *rest = sample.shape
        return sample.reshape(b, c * math.prod(rest))

    def other(self, sample, sizes):
        return sample.reshape(np.prod(sizes))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = Scheduler()

    def forward(self, x):
        return self.s.flat(x * 2) + self.s.flat_int(x * 2) + self.s.flat_math(x * 2) + self.s.other(x * 2, [4])
"""
    # flat: its receiver's shape gave the sizes; flat_int breaks at the int (CL111's); math.prod is Python's;
    # `other` reads no shape of its receiver, whose kind is unknown there
    assert _rows(tmp_path, body, "CL124") == [3]


def test_a_list_made_by_tolist_indexed_by_a_tensor(tmp_path):
    body = """\
class M(nn.Module):
    def forward(self, x, table):
        colors = x.argmax(dim=-1).tolist()
        j = x.sum(1).argmax()
        a = colors[j]
        b = colors[0]
        rows = table.tolist()
        c = rows[j]
        return a + b + c
"""
    # a constant position is no tensor index; `table`, an entry point's input, is taken for a tensor as CL112 takes it
    assert _rows(tmp_path, body, "CL114") == [4, 7]


def test_python_arithmetic_on_a_draw_with_module_constants(tmp_path):
    body = """\
class M(nn.Module):
    def forward(self, x):
        a = math.pi * random.uniform(-15.0, 15.0) / 180.0
        return x * a


class N(nn.Module):
    def forward(self, x):
        b = random.uniform(0.0, 1.0) * torch.pi
        return x * b


class K(nn.Module):
    def forward(self, x):
        c = x * random.uniform(0.5, 2.0)
        return c
"""
    # a draw times a tensor is tensor arithmetic, which compiles
    assert _rows(tmp_path, body, "CL133") == [2, 8]
