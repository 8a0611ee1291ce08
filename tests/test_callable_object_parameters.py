"""A parameter of a callable object's `__call__` is a tensor the callers compute when every call of the object passes
one: the object runs where its instance is called (`self.loss_function(logits, labels, num_items)`), a call that never
spells `__call__`, so the project's calls of `__call__` are found through what each call reaches, not through its
name. Seen in held-out group 70 (flexit's LossCompute, `raw_loss / norm if norm > 0 else raw_loss` with the token
count a tensor: GB0170); proven under dynamo by tests/adversarial/cases/h70_callable_loss_normaliser.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import tool_codes_enabled

LOSS = """\
import torch.nn.functional as F


class NormalisedLoss:
    def __call__(self, logits, labels, norm):
        loss = F.cross_entropy(logits, labels, reduction="sum")
        return loss / norm if norm > 0 else loss
"""

MODEL = """\
from torch import nn

from pkg.loss import NormalisedLoss


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 5)
        self.criterion = NormalisedLoss()

    def forward(self, hidden, labels):
        logits = self.proj(hidden)
        {body}
"""


def _rows(tmp_path: Path, body: str, extra: str = ""):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "loss.py").write_text(LOSS)
    (pkg / "model.py").write_text(MODEL.replace("{body}", textwrap.indent(body, " " * 8).lstrip()) + extra)
    run = lint(sorted(pkg.glob("*.py")), Config(root=tmp_path), ["CL101"], tool_codes_enabled(()))
    return [(Path(f.path).name, f.start.row) for f in run.findings if f.code == "CL101"]


def test_a_count_the_model_computes_is_a_tensor_in_call(tmp_path):
    body = "return self.criterion(logits, labels, (labels != 0).sum())"
    assert _rows(tmp_path, body) == [("loss.py", 7)]


def test_a_count_handed_through_a_local(tmp_path):
    body = "ntokens = (labels != 0).sum()\nreturn self.criterion(logits, labels, norm=ntokens)"
    assert _rows(tmp_path, body) == [("loss.py", 7)]


def test_a_python_size_is_not(tmp_path):
    assert _rows(tmp_path, "return self.criterion(logits, labels, labels.size(0))") == []


def test_an_input_only_assumed_a_tensor_is_not(tmp_path):
    # the forward's callers may pass anything there: handing it on proves nothing
    assert _rows(tmp_path, "return self.criterion(logits, labels, hidden)") == []


def test_one_call_with_a_number_keeps_it_quiet(tmp_path):
    other = textwrap.dedent("""

        class Eval(nn.Module):
            def __init__(self):
                super().__init__()
                self.criterion = NormalisedLoss()

            def forward(self, logits, labels):
                return self.criterion(logits, labels, 4)
        """)
    assert _rows(tmp_path, "return self.criterion(logits, labels, (labels != 0).sum())", other) == []
