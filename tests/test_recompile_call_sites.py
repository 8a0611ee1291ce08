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


def test_per_iteration_numbers_passed_to_compiled_callables(tmp_path):
    found = rows(tmp_path, """
        @torch.compile
        def scale(x, factor):
            return x * factor
        def train(x, loader):
            model = torch.compile(Net())
            lr = 0.1
            for epoch in range(10):
                lr = lr * 0.9
                x = scale(x, epoch)
                x = scale(x, factor=lr)
            for i, batch in enumerate(loader):
                model(batch, i + 1)
            t = 0.0
            while t < 1.0:
                t += 0.25
                x = scale(x, t)
        """, "CL207")
    assert found == [(9, "CL207"), (10, "CL207"), (12, "CL207"), (16, "CL207")]


def test_per_iteration_numbers_must_not_flag(tmp_path):
    found = rows(tmp_path, """
        @torch.compile(dynamic=True)
        def dynamic_scale(x, factor):
            return x * factor
        @torch.compile
        def scale(x, factor):
            return x * factor
        def plain(x, factor):
            return x * factor
        def train(x, loader, total):
            for step in range(10):
                x = dynamic_scale(x, step)
                x = plain(x, step)
                x = scale(x, torch.tensor(step))
                x = scale(x, 0.5)
                x = scale(x, step / total)
            for batch in loader:
                x = scale(batch, len(loader))
            x = scale(x, 3)
            for i, (a, b) in enumerate(loader):
                x = scale(a, b)
        """, "CL207")
    assert found == []


def test_global_flag_changed_at_run_time(tmp_path):
    found = rows(tmp_path, """
        FLAGS = {"fast": False}
        SCALE = 1.0
        HOOKS = []
        def forward_step(x):
            if FLAGS["fast"]:
                x = x + 1
            return x * SCALE + len(HOOKS)
        def enable():
            FLAGS["fast"] = True
        def disable():
            FLAGS["fast"] = False
        def train(x):
            global SCALE
            for step in range(3):
                SCALE = SCALE * 0.5
                HOOKS.append(step)
                forward_step(x)
        compiled = torch.compile(forward_step)
        """, "CL208")
    assert found == [(5, "CL208"), (7, "CL208"), (7, "CL208")]


def test_global_flag_must_not_flag(tmp_path):
    found = rows(tmp_path, """
        CONFIG = {"fast": False, "depth": 2}
        LIMIT = 4
        STATE = {"calls": 0}
        def setup():
            CONFIG["fast"] = True
            CONFIG["depth"] = 3
        def forward_step(x, LIMIT=LIMIT):
            if CONFIG["fast"]:
                x = x + 1
            STATE["calls"] += 1
            return x * LIMIT
        def shadowed(x):
            CONFIG = {"fast": True}
            return x if CONFIG["fast"] else -x
        def not_compiled(x):
            return x if STATE["calls"] else -x
        def train(x):
            for step in range(3):
                STATE["calls"] = step
        compiled = torch.compile(forward_step)
        compiled_shadowed = torch.compile(shadowed)
        """, "CL208")
    assert found == []


def test_inputs_mutated_under_cuda_graphs(tmp_path):
    found = rows(tmp_path, """
        class Cache(nn.Module):
            def forward(self, keys, pos: int):
                keys[pos] = 0
                keys += 1
                return keys * 2
        @torch.compile(mode="max-autotune")
        def update(state, x):
            state.copy_(x)
            return state
        def step(total, x):
            total.add_(x)
            return total
        fast_step = torch.compile(step, mode="reduce-overhead")
        model = Cache()
        model.compile(mode="reduce-overhead")
        """, "CL304")
    assert found == [(3, "CL304"), (4, "CL304"), (8, "CL304"), (11, "CL304")]


def test_inputs_mutated_must_not_flag(tmp_path):
    found = rows(tmp_path, """
        class Stats(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("count", torch.zeros(()))
            def forward(self, x, n: int):
                self.count.add_(1)
                n += 1
                y = x.clone()
                y.mul_(2)
                return y + n
        def step(total, x):
            total.add_(x)
            return total
        def plain(total, x):
            total.add_(x)
            return total
        fast_step = torch.compile(step)
        default_plain = torch.compile(plain, mode="max-autotune-no-cudagraphs")
        model = torch.compile(Stats(), mode="reduce-overhead")
        """, "CL304")
    assert found == []


def test_container_structure_varies_between_call_sites(tmp_path):
    found = rows(tmp_path, """
        @torch.compile
        def total(xs, batch=None):
            return xs[0]
        def run(x):
            total([x, x])
            total([x, x, x])
            total((x, x, x))
            total([x], batch={"a": x})
            total([x, x], batch={"a": x, "b": x})
            fast = torch.compile(Net())
            fast({"a": x})
            fast({"b": x})
        """, "CL209")
    assert found == [(6, "CL209"), (8, "CL209"), (9, "CL209"), (12, "CL209")]


def test_container_structure_must_not_flag(tmp_path):
    found = rows(tmp_path, """
        @torch.compile
        def total(xs):
            return xs[0]
        def plain(xs):
            return xs[0]
        def run(x, items):
            total([x, x])
            total([x * 2, x])
            total(items)
            total([*items, x])
            plain([x])
            plain([x, x])
            total({"a": x})
            total({"a": x * 2})
        def other(x):
            fast = torch.compile(plain)
            fast([x])
        def another(x):
            fast = torch.compile(plain)
            fast([x, x])
        """, "CL209")
    assert found == []


def test_messages_name_the_guard_and_how_often(tmp_path):
    text = HEADER + textwrap.dedent("""
        @torch.compile
        def automatic(x, factor):
            return x * factor
        @torch.compile(dynamic=False)
        def static(x, factor):
            return x * factor
        def run(x):
            for step in range(2, 6):
                automatic(x, step)
                static(x, step)
        """)
    messages = {f.message.split("`")[1]: f.message for f in lint_text(tmp_path, text) if f.code == "CL207"}
    assert "`factor == <first value>`" in messages["automatic"]
    assert "recompiles once, then the argument is treated as dynamic" in messages["automatic"]
    assert "every new value recompiles" in messages["static"] and "`recompile_limit` (8)" in messages["static"]
