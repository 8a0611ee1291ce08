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
