"""CL146's `requires_grad=h.requires_grad` factories: which are reported. bad.py and good.py prove the reported case
and the `no_grad` block under dynamo (2.13: GB0225 for an activation of a Linear, no break inside `no_grad`)."""

from __future__ import annotations

from tests.helpers import lint_text

ROUTER = '''
import torch
from torch import nn


class Router(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(8, 4)

    def forward(self, x):
        h = self.gate(x)
        follows = torch.ones(4, requires_grad=h.requires_grad)  # reported
        detached = torch.ones(4, requires_grad=x.detach().requires_grad)
        with torch.no_grad():
            inside = torch.ones(4, requires_grad=self.gate(x).requires_grad)
        return h + follows + detached + inside + self.score(x)

    @torch.no_grad()
    def score(self, x):
        return torch.ones(4, requires_grad=self.gate(x).requires_grad)
'''


def test_a_factory_following_an_activations_grad_is_reported_outside_no_grad_only(tmp_path):
    findings = lint_text(tmp_path, ROUTER, codes=["CL146"])
    rows = [f.start.row for f in findings]
    assert rows == [i + 1 for i, line in enumerate(ROUTER.splitlines()) if line.endswith("# reported")]
    assert "whenever `h` requires grad" in findings[0].message


STATE = '''
from torch import nn


class Divergence(nn.Module):
    def forward(self, x, data):
        tail = x[:, 1:].requires_grad_(True)  # reported
        head = x[..., :1]
        head.requires_grad_()  # reported
        data["positions"].requires_grad_(True)  # reported
        x[0].requires_grad_(True)
        x.requires_grad_(True)
        return tail.sum() + head.sum() + data["positions"].sum()
'''


def test_requires_grad_on_a_slice_or_a_field_of_an_input_is_reported_and_on_the_input_or_an_element_it_is_not(tmp_path):
    # bad.py proves the slices break under dynamo when the input arrives without grad (2.13: GB8985), and
    # tests/dynamo_cases/record_field_grad.py a keyed field of a record (GB0125); an input, or a position in it,
    # breaks the same way but is as often an activation that already requires grad
    rows = [f.start.row for f in lint_text(tmp_path, STATE, codes=["CL146"])]
    assert rows == [i + 1 for i, line in enumerate(STATE.splitlines()) if line.endswith("# reported")]


SALIENCY = '''
import torch
from torch import nn


class Saliency(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(3, 1)

    def forward(self, x):
        return self.guarded(x) + self.looped(x) + self.plain(x) + self.kept(x)

    def guarded(self, x):
        try:
            with torch.enable_grad():
                guarded = x.detach().clone().requires_grad_(True)
                score = self.net(guarded).sum()
                grad = torch.autograd.grad(score, guarded)[0]
        finally:
            self.net.train(True)
        return grad

    def looped(self, grad):
        for _ in range(2):
            looped = grad.detach().requires_grad_(True)
            grad = torch.autograd.grad(self.net(looped).sum(), looped)[0]
        return grad

    def plain(self, grad):
        plain = grad.detach().requires_grad_(True)  # reported
        return torch.autograd.grad(self.net(plain).sum(), plain)[0]

    def kept(self, grad):
        for _ in range(2):
            kept = grad.detach().requires_grad_(True)  # reported
        return torch.autograd.grad(self.net(kept).sum(), kept)[0]
'''


def test_requires_grad_on_an_intermediate_is_not_reported_where_a_grad_of_its_try_or_loop_breaks_first(tmp_path):
    # 2.13: requires_grad_() on an intermediate compiles and breaks (GB8985) only once a graph that outputs it is
    # compiled. In a `try` or a loop, the torch.autograd.grad after it breaks first and dynamo gives up on the frame
    # before compiling one: the grad is the break (tests/adversarial/cases/h64_saliency_grad.py, under dynamo). With
    # the grad outside them, its partial graph outputs the intermediate, and dynamo breaks at requires_grad_() too
    # (each method compiled alone: plain breaks at both lines, kept at its requires_grad_(), in the loop)
    rows = [f.start.row for f in lint_text(tmp_path, SALIENCY, codes=["CL146"])]
    assert rows == [i + 1 for i, line in enumerate(SALIENCY.splitlines()) if line.endswith("# reported")]
