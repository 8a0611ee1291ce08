"""CL160 (an in-place view method on a tensor that reaches dynamo's resume function as an input): which calls it
reports. The rule's bad.py/good.py prove the reported cases (after a break in an earlier statement, and in the body
of the `if` whose test breaks) and a clean one under dynamo. The unreported ones were measured on 2.13 in a submodule
called on a tensor its caller made: no break before the call, a break in a branch that did not run, a tensor made
after the break all compile (a parameter is a graph input only where the caller's graph ends, which is not seen)."""

from __future__ import annotations

from tests.helpers import lint_text

HEAD = '''
import random

import torch
from torch import nn


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)

'''


def _rows(tmp_path, body):
    """CL160's rows, the breaks before it found by the rules that flag them (CL131 print, CL133 random)."""
    findings = lint_text(tmp_path, HEAD + body, codes=["CL131", "CL133", "CL160"])
    return [f.start.row for f in findings if f.code == "CL160"]


def test_a_parameter_after_a_break_in_an_earlier_statement_of_the_body(tmp_path):
    body = '''    def forward(self, images, prob=0.0, detach=False):
        if random.random() < prob:
            images = images.flip(0)
        if detach:
            images.detach_()
        images.t_()
        return self.net(images)
'''
    # rebound only in the branch that follows the break: on the path that skips it, still the resumed input
    assert _rows(tmp_path, body) == [17, 18]


def test_a_rebinding_that_runs_before_the_call_on_every_path_ends_it(tmp_path):
    body = '''    def forward(self, x):
        if random.random() < 0.5:
            x = x.flip(0)
            x.unsqueeze_(0)
        x = x * 2
        x.unsqueeze_(0)
        return self.net(x)
'''
    assert _rows(tmp_path, body) == []


def test_a_break_in_the_header_of_the_statement_whose_body_holds_the_call(tmp_path):
    body = '''    def forward(self, x):
        if random.random() < 0.5:
            x.transpose_(0, 1)
        return self.net(x)
'''
    assert _rows(tmp_path, body) == [15]


def test_no_break_before_a_break_in_a_branch_or_a_tensor_made_after_it_is_not_reported(tmp_path):
    no_break = '''    def forward(self, x):
        x.detach_()
        return self.net(x)
'''
    in_branch = '''    def forward(self, x, noisy=False):
        if noisy:
            print("noisy")
        x.detach_()
        return self.net(x)
'''
    made_after = '''    def forward(self, x):
        scale = random.random()
        h = self.net(x) * scale
        h.detach_()
        return h
'''
    same_statement = '''    def forward(self, x):
        return self.net(x.detach_()) * random.random()
'''
    for body in (no_break, in_branch, made_after, same_statement):
        assert _rows(tmp_path, body) == [], body
