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
