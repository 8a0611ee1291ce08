"""CL165 (a comprehension over an nn.Module container whose modules break): which comprehensions it reports.
The rule's bad.py/good.py and the adversarial modulecomp_* cases prove the reported and the quiet forms under
dynamo; the iterables below were measured on 2.13 with the same blocks (a slice of the ModuleList, a base class's
container and a Sequential break on the comprehension line; a Python list, enumerate and a generator expression do
not)."""

from __future__ import annotations

from tests.helpers import lint_text

MODEL = '''
import torch
from torch import nn


class Noisy(nn.Module):
    def forward(self, x):
        return x * x.std().item()


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Noisy(), Noisy()])
        self.seq = nn.Sequential(Noisy(), Noisy())
        self.plain = [Noisy(), Noisy()]


class Model(Base):
    def forward(self, x):
        sliced = [b(x) for b in self.blocks[:1]]
        ordered = [b(x) for b in self.seq]
        plain = [b(x) for b in self.plain]
        counted = [b(x) for i, b in enumerate(self.blocks)]
        lazy = list(b(x) for b in self.blocks)
        inner = [b(x) for b in self.blocks[0]]  # iterates one module: not the container's modules
        return sliced, ordered, plain, counted, lazy, inner
'''


def _lines(findings, code="CL165"):
    return sorted(f.start.row for f in findings if f.code == code)


def test_reported_on_slices_sequentials_and_inherited_containers_only(tmp_path):
    findings = lint_text(tmp_path, MODEL)
    assert _lines(findings) == [21, 22]


def test_silent_when_the_modules_do_not_break(tmp_path):
    assert _lines(lint_text(tmp_path, MODEL.replace("x * x.std().item()", "x * x.std()"))) == []
