"""Recompiles caused where a compiled callable is used: mode switches, per-iteration Python numbers, globals
flipped at run time, CUDA-graph inputs, and the advice rules that must stay quiet where findings exist."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

HEADER = """\
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.proj(x))


class Plain(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        return self.proj(x)
"""
HEADER_LINES = HEADER.count("\n")


def rows(tmp_path, body: str, code: str):
    text = HEADER + textwrap.dedent(body)
    return sorted((f.start.row - HEADER_LINES - 1, f.code) for f in lint_text(tmp_path, text) if f.code == code)


def test_mode_switch_on_a_compiled_module_once_per_module(tmp_path):
    found = rows(tmp_path, """
        def run(x):
            model = torch.compile(Net())
            for epoch in range(3):
                model.train()
                model(x)
                model.eval()
                model(x)
                model.train()
        def wrapper_and_original(x):
            net = Net()
            fast = torch.compile(net)
            net.train(True)
            fast(x)
            net.train(False)
        def in_place(x):
            net = Net()
            net.compile()
            net.eval()
            net(x)
            net.train()
        """, "CL206")
    assert found == [(6, "CL206"), (14, "CL206"), (20, "CL206")]


def test_mode_switch_must_not_flag(tmp_path):
    found = rows(tmp_path, """
        def mode_free_module(x):
            model = torch.compile(Plain())
            model.train()
            model(x)
            model.eval()
        def not_compiled(x):
            model = Net()
            model.train()
            model.eval()
        def one_mode_only(x):
            model = torch.compile(Net().eval())
            model.eval()
            model(x)
        def rebound(x):
            model = torch.compile(Net())
            model.train()
            model = Net()
            model.eval()
        def unknown_class(x, make):
            model = torch.compile(make())
            model.train()
            model.eval()
        def other_scope(x):
            model = torch.compile(Net())
            model.train()
        def evaluate(model):
            model.eval()
        """, "CL206")
    assert found == []


def test_mode_read_through_self_training_or_a_built_block(tmp_path):
    found = rows(tmp_path, """
        class Gate(nn.Module):
            def forward(self, x):
                return x * 2 if self.training else x
        class Outer(nn.Module):
            def __init__(self):
                super().__init__()
                self.gate = Gate()
            def forward(self, x):
                return self.gate(x)
        def run(x):
            model = torch.compile(Outer())
            model.train()
            model.eval()
        """, "CL206")
    assert found == [(13, "CL206")]
