"""CL180: a read of a module global only functions bind (`global NAME`), in compiled code that has just bound it: the
store is a pending side effect, the read finds no such global (GB0354; held-out group 89, snnTorch's `utils.reset`).
Every shape below was measured on 2.13 (fixesy-2026-11-30y.md §2); the rule's examples are checked under dynamo."""

from __future__ import annotations

import pytest

from tests.helpers import lint_text

HEAD = "import torch\nfrom torch import nn\n"
BINDER = """
def reset(flag):
    global scale
    scale = flag
"""
READER = """
def gain():
    if scale:
        return 2.0
    return 1.0
"""


def _rows(tmp_path, text):
    return [f.start.row for f in lint_text(tmp_path, text, codes=["CL180", "CL131"]) if f.code == "CL180"]


def _module(top, forward, functions=BINDER + READER):
    return f"{HEAD}{top}{functions}\n\nclass Net(nn.Module):\n    def forward(self, x):\n{forward}\n"


def test_the_reader_called_after_the_binder_in_compiled_code(tmp_path):
    text = _module("", "        reset(True)\n        return x * gain()")
    assert _rows(tmp_path, text) == [text.splitlines().index("    if scale:") + 1]


def test_one_function_binding_then_reading(tmp_path):
    text = HEAD + """
@torch.compile
def step(x):
    global seen
    seen = True
    if seen:
        return x + 1
    return x
"""
    assert _rows(tmp_path, text) == [8]


def test_a_binding_in_a_branch_and_a_read_in_the_compiled_function(tmp_path):
    text = _module("", "        reset(True)\n        y = x + 1\n        return y * scale", functions="""
def reset(on):
    global scale
    if on:
        scale = 2.0
    else:
        scale = 1.0
""")
    assert _rows(tmp_path, text) == [len(text.splitlines())]


@pytest.mark.parametrize("top, forward", [
    ("scale = 1.0\n", "        reset(True)\n        return x * gain()"),  # the module binds it at top level
    ("", "        reset(True)\n        print('reset')\n        return x * gain()"),  # a break applies the store first
    ("", "        return x * gain()"),  # bound outside compiled code
    ("", "        reset(True)\n        y = self.norm(x)\n        return y * gain()"),  # a call that may break first
    ("", "        reset(True)\n        return self.norm(x) * gain()"),
    ("from helpers import *\n", "        reset(True)\n        return x * gain()"),  # `import *` may bind it
])
def test_quiet(tmp_path, top, forward):
    assert _rows(tmp_path, _module(top, forward)) == []


def test_a_binder_that_breaks_applies_the_store(tmp_path):
    text = _module("", "        reset(True)\n        return x * gain()", functions="""
def reset(flag):
    global scale
    scale = flag
    print("reset")
""" + READER)
    assert _rows(tmp_path, text) == []
