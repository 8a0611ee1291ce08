"""`obj[key] = value` on an object of a project class reaches the class's `__setitem__`, given the key and the value.
Proven under dynamo in tests/dynamo_cases/setitem_protocol.py (adversarial batch 19: a model-output dict subclass
whose `__setitem__` tests `torch.isfinite(value).all()`)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "setitem_protocol.py"


def test_setitem_breaks_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


STORE = """import torch


class Store:
    def __setitem__(self, key, value):
        self.last = value.item()

"""


@pytest.mark.parametrize("compiled, rows", [
    ("    s = Store()\n    s['a'] = x.sum()\n    return x\n", [6]),
    ("    s = {}\n    s['a'] = x.sum()\n    return x\n", []),  # a dict
    ("    s = Store()\n    return x\n", []),  # nothing stored
    ("    s = Store()\n    y = s\n    return x[0]\n", []),
])
def test_a_subscript_store_runs_setitem(tmp_path, compiled, rows):
    text = STORE + "\n@torch.compile\ndef f(x):\n" + compiled
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL111"])] == rows
