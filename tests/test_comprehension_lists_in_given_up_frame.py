"""CL165 over lists and dicts: a comprehension over a list's or a dict's iterator in a frame dynamo gives up on (a
break in a loop, an RNN module's GB0014) breaks on its line (GB4347), when dynamo compiles it (its code names a torch
module or `self`, or reads a tensor of the enclosing frame). Proven under dynamo in
tests/dynamo_cases/comprehension_over_lists_in_given_up_frame.py (held-out group 87, stanza's classifier)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "comprehension_over_lists_in_given_up_frame.py"


def test_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]) if f.code.startswith("CL1"))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _module(before, setup, comprehension):
    return f"""import torch
import torch.nn.functional as F
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.names = ("a", "b")
        self.lstm = nn.LSTM(4, 4)

    def forward(self, x):
{before}
        {setup}
        r = {comprehension}
        return r[0]
"""


LOOP = "        for t in x:\n            self.s = t.sum().item()"


def _rows(tmp_path, text):
    return [f.start.row for f in lint_text(tmp_path, text, codes=["CL111", "CL143", "CL165"]) if f.code == "CL165"]


def test_after_the_lstm_the_comprehension_breaks(tmp_path):
    assert _rows(tmp_path, _module("        x, _ = self.lstm(x)", "outs = [x, x + 1]",
                                   "[F.relu(o) for o in outs]")) == [15]


def test_before_the_lstm_the_comprehension_is_quiet(tmp_path):
    # the RNN's break (GB0014) leaves the rest of the frame to run eagerly, not what came before it (held-out group
    # 92: tacotron's CBHG, a comprehension over its conv bank above the GRU, compiles)
    text = _module("", "outs = [x, x + 1]", "[F.relu(o) for o in outs]").replace(
        "        return r[0]", "        y, _ = self.lstm(r[0])\n        return y")
    assert _rows(tmp_path, text) == []


@pytest.mark.parametrize("before, setup, comprehension", [
    ("        x = x + 1", "outs = [x, x + 1]", "[F.relu(o) for o in outs]"),  # no break: one graph
    (LOOP, "outs = (x, x + 1)", "[F.relu(o) for o in outs]"),  # a tuple's iterator
    (LOOP, "outs = [x, x + 1]", "[o * 2 for o in outs]"),  # nothing of torch: not compiled
    (LOOP, "outs = [x, x + 1]", "[F.relu(x) * i for i in range(2)]"),  # a range
    (LOOP, "outs = [x, x + 1]\n        outs = tuple(outs)", "[F.relu(o) for o in outs]"),  # rebound to a tuple
    (LOOP, "d = {'a': x}", "[d[n] for n in self.names]"),  # a tuple attribute
    (LOOP, "x = [F.relu(o) for o in x]", "x"),  # over the parameter (the caller's: a tuple, a list), rebound after
])
def test_quiet(tmp_path, before, setup, comprehension):
    assert _rows(tmp_path, _module(before, setup, comprehension)) == []
