"""A def nested in forward and only called there: its parameters take what every call passes (as a local
lambda's do), so a tensor condition on them is found when forward hands it tensors it computed. Proven under
dynamo by tests/adversarial/cases/b12_diff_nested_fn_std_check.py (GB0170), missed blind in batch 12."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import lint_text

MODEL = """\
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, n):
        y = self.proj(x)

        def rescale(cfg, text):
            if cfg.std() > text.std():
                return cfg * 0.5
            return cfg

        {calls}
"""


@pytest.mark.parametrize("calls, flagged", [
    ("return rescale(y, y * 2)", True),  # every call passes tensors forward computed
    ("out = rescale(y, y + 1)\n        return rescale(out, y)", True),
    ("return rescale(x, x)", False),  # forward's inputs, only assumed tensors
    ("return rescale(n, 3)", False),  # plain numbers at one place
    ("f = rescale\n        return f(y, y)", False),  # the def escapes under another name: callers unknown
    ("return [rescale(v, v) for v in (1, 2)] and (lambda: rescale(y, y))()", False),  # calls in other scopes
])
def test_a_nested_def_parameter_is_a_tensor_where_every_call_passes_one(tmp_path, calls, flagged):
    text = MODEL.replace("{calls}", calls)
    rows = [f.start.row for f in lint_text(tmp_path, textwrap.dedent(text), codes=["CL101"])]
    assert rows == ([14] if flagged else [])
