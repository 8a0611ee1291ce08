"""CL178: calls, from compiled code, of functions decorated by an instance of a project `contextlib.ContextDecorator`
subclass (GB0142 at the call; the rule's examples and b25_hf_context_decorator_timer / _name_stack)."""

from __future__ import annotations

from tests.helpers import lint_paths

BASE = """from contextlib import ContextDecorator


class section(ContextDecorator):
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class timed(section):
    pass
"""


def _cl178(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return sorted((f.path.rsplit("/", 1)[-1], f.start.row) for f in lint_paths(sorted(tmp_path.glob("*.py")))
                  if f.code == "CL178")


def test_a_decorated_method_and_a_decorated_function_of_another_file_through_a_project_base(tmp_path):
    model = """import torch
from torch import nn

from sections import section, timed


@timed("mlp")
def mlp(layer, x):
    return layer(x)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @section("attention")
    def attend(self, x):
        return x.softmax(-1)

    def forward(self, x):
        x = self.attend(x)
        return mlp(self.fc, x)
"""
    assert _cl178(tmp_path, {"sections.py": BASE, "model.py": model}) == [("model.py", 22), ("model.py", 23)]


def test_contextmanager_decorators_with_blocks_and_uncompiled_callers_are_not_flagged(tmp_path):
    model = """from contextlib import contextmanager

import torch
from torch import nn

from sections import section


@contextmanager
def tagged(name):
    yield


@tagged("mlp")
def mlp(layer, x):
    return layer(x)


@section("export")
def export(model):
    return model.state_dict()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def attend(self, x):
        with section("attention"):
            return x.softmax(-1)

    def forward(self, x):
        return mlp(self.fc, self.attend(x))
"""
    assert _cl178(tmp_path, {"sections.py": BASE, "model.py": model}) == []
