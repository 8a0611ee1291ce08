"""CL121 on the CTC loss module called in a module's forward: the break is inside torch's `nn.CTCLoss.forward`, and
dynamo reports it at the line that called the wrapping module, across files and at each ancestor's call line; a plain
method's call of the CTC module is reported in the method (measured on 2.13, benchmarks/results/reachw-2026-11-29w.md
§2; the catalogue's bad example proves the wrapper under dynamo)."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_paths


def _write(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    return sorted((f.path.rsplit("/", 1)[-1], f.start.row) for f in lint_paths(
        [tmp_path / name for name in files], codes=["CL121"]))


CTC = """\
    import torch
    from torch import nn


    class CtcLoss(nn.Module):
        def __init__(self):
            super().__init__()
            self.ctc_loss = nn.CTCLoss(zero_infinity=True)

        def forward(self, log_probs, targets, input_lengths, target_lengths):
            return self.ctc_loss(log_probs, targets, input_lengths, target_lengths)

        def by_method(self, log_probs, targets, input_lengths, target_lengths):
            return self.ctc_loss(log_probs, targets, input_lengths, target_lengths)


    class Projection(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(8, 8)

        def forward(self, x):
            return self.lin(x)
"""

MODEL = """\
    from torch import nn

    from pkg.ctc import CtcLoss, Projection


    class Head(nn.Module):
        def __init__(self):
            super().__init__()
            self.ctc = CtcLoss()

        def forward(self, lp, t, il, tl):
            return self.ctc(lp, t, il, tl)


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.proj = Projection()
            self.head = Head()
            self.ctc = CtcLoss()

        def forward(self, x, t, il, tl):
            lp = self.proj(x).log_softmax(-1)
            loss = self.head(lp, t, il, tl)
            return loss + self.ctc.by_method(lp, t, il, tl)
"""


def test_the_ctc_module_in_a_forward_is_reported_at_each_call_of_its_module_up_the_chain(tmp_path):
    found = _write(tmp_path, {"pkg/__init__.py": "", "pkg/ctc.py": CTC, "pkg/model.py": MODEL})
    # ctc.py:11 (the forward's own call) is not flagged; the plain method's call (:14) is; Head.forward's call of the
    # wrapper (:12) and Model.forward's call of Head (:24) are; Projection's call (:23) is not
    assert found == [("ctc.py", 14), ("model.py", 12), ("model.py", 24)]


def test_a_module_whose_forward_calls_the_ctc_loss_through_a_plain_method_keeps_it_there(tmp_path):
    direct = "return self.ctc_loss(log_probs, targets, input_lengths, target_lengths)\n\n        def by_method"
    text = CTC.replace(direct, direct.replace("self.ctc_loss(", "self.by_method(", 1))
    model = MODEL.replace("loss + self.ctc.by_method(lp, t, il, tl)", "loss")
    found = _write(tmp_path, {"pkg/__init__.py": "", "pkg/ctc.py": text, "pkg/model.py": model})
    assert found == [("ctc.py", 14)]
