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
        p = [b(x) for b in self.pair]
        l = [b(x) for b in self.loose]
        a = [b(x) for b in self.blocks]
        s = [b(x) for b in self.stages]
        e = [b(x) for b in self.extra]
        return a, s, e, p, l
'''


def test_containers_of_an_annotated_sequence_hold_the_declared_class_and_its_subclasses(tmp_path):
    # a fixed-length tuple annotation and a bare `list` say nothing of one element class (they come first: after the
    # first comprehension that breaks, dynamo gives up on forward and every later one breaks, GB4347)
    assert _lines(lint_text(tmp_path, DECLARED)) == [31, 32, 33]
    assert _lines(lint_text(tmp_path, DECLARED.replace("x * x.std().item()", "x * x.std()"))) == []


AFTER_BROKEN = '''
import torch
import torch.nn.functional as F
from torch import nn, stack


class Group(nn.Module):
    def __init__(self):
        super().__init__()
        self.leaves = nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2)])
        self.register_buffer("score", torch.tensor(1.0))

    def reliability(self):
        return self.score.item()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.groups = nn.ModuleList([Group(), Group()])
        self.k = 2

    def forward(self, x):
        a = torch.tensor([g.reliability() for g in self.groups])
        named = torch.stack([torch.sigmoid(g.score) for g in self.groups])
        aliased = [F.relu(g.score) for g in self.groups]
        filtered = [g.score for g in self.groups if torch.is_tensor(g.score)]
        bound = [self.k * len(g.leaves) for g in self.groups]
        reads = [g.score for g in self.groups]
        counts = [len(g.leaves) for g in self.groups]
        called = [stack([g.score, g.score]) for g in self.groups]
        return x * a.sum() + named.sum() + aliased[0] + filtered[0] + sum(bound) + reads[0] + sum(counts) + called[0]

    def resumed(self, x):
        a = x.sum().item()
        named = torch.stack([torch.sigmoid(g.score) for g in self.groups])
        return named * a
'''


def test_after_a_broken_comprehension_those_whose_frame_dynamo_compiles_are_reported(tmp_path):
    # measured on 2.13 (tests/adversarial/cases/comprehension_after_broken_comprehension.py): the first comprehension
    # breaks (GB0092) and dynamo gives up on forward; each later one naming a torch module or `self` breaks (GB4347);
    # the rest, and one in a frame resumed after an ordinary break, do not
    assert _lines(lint_text(tmp_path, AFTER_BROKEN)) == [24, 25, 26, 27, 28]


def test_a_comprehension_that_calls_no_module_is_quiet_when_nothing_gives_up_on_the_frame(tmp_path):
    quiet = AFTER_BROKEN.replace("return self.score.item()", "return self.score")
    assert _lines(lint_text(tmp_path, quiet)) == []
