"""CL146 on `t.requires_grad = True` where `t` is a new tensor: a local bound to arithmetic (integrated gradients'
path point `outs = baseline + alpha * (image - baseline)`, txv's explainer in held-out group 72) and a `self.x` the
function bound to a detached tensor (txv's LRP layers keeping their input in a forward hook). Measured on 2.13: both
break (GB0206), turned on or off; on an activation of parameters the flag raises eagerly (only leaves' flags change),
so only arithmetic, whose result is a leaf whenever the code runs, is taken without further evidence."""

from __future__ import annotations

from tests.helpers import lint_text

HEADER = '''
import torch
from torch import nn


'''


def test_a_local_bound_to_arithmetic_turned_on(tmp_path):
    findings = lint_text(tmp_path, HEADER + '''
class Saliency(nn.Module):
    def forward(self, x, baseline):
        outs = baseline + 0.5 * (x - baseline)
        outs.requires_grad = True
        off = x * 2
        off.requires_grad = False
        return outs + off
''', codes=["CL146"])
    assert [f.start.row for f in findings] == [10, 12]


def test_an_attribute_bound_to_a_detached_tensor_turned_on(tmp_path):
    findings = lint_text(tmp_path, HEADER + '''
class Keep(nn.Module):
    def forward(self, x):
        self.X = x.detach()
        self.X.requires_grad = True
        return self.X * 2
''', codes=["CL146"])
    assert [f.start.row for f in findings] == [10]


def test_activations_rebinding_and_turning_off_are_quiet(tmp_path):
    findings = lint_text(tmp_path, HEADER + '''
class Quiet(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x)
        h.requires_grad = True
        again = x * 2
        again = self.lin(again)
        again.requires_grad = True
        self.X = x.detach()
        self.X = self.lin(x)
        self.X.requires_grad = True
        self.Y = self.lin(x)
        self.Y.requires_grad = True
        return h + again + self.X + self.Y
''', codes=["CL146"])
    assert findings == []
