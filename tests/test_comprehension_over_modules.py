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


DECLARED = '''
from typing import Optional, Sequence, Tuple

import torch
from torch import nn


class Block(nn.Module):
    def forward(self, x):
        return x


class Noisy(Block):
    def forward(self, x):
        return x * x.std().item()


class Model(nn.Module):
    def __init__(self, blocks: Sequence[Block], stages: Tuple[Block, ...], extra: Optional[list[Block]],
                 pair: Tuple[Block, Block], loose: list):
        super().__init__()
        self.blocks = nn.ModuleList(blocks)
        self.stages = nn.Sequential(*stages)
        self.extra = nn.ModuleList(extra)
        self.pair = nn.ModuleList(pair)
        self.loose = nn.ModuleList(loose)

    def forward(self, x):
        a = [b(x) for b in self.blocks]
        s = [b(x) for b in self.stages]
        e = [b(x) for b in self.extra]
        p = [b(x) for b in self.pair]
        l = [b(x) for b in self.loose]
        return a, s, e, p, l
'''


def test_containers_of_an_annotated_sequence_hold_the_declared_class_and_its_subclasses(tmp_path):
    # a fixed-length tuple annotation and a bare `list` say nothing of one element class
    assert _lines(lint_text(tmp_path, DECLARED)) == [29, 30, 31]
    assert _lines(lint_text(tmp_path, DECLARED.replace("x * x.std().item()", "x * x.std()"))) == []
