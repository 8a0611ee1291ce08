"""CL101 on membership: a tensor tested `in` a list or tuple display is compared with each element, and each
answer's truth value is taken (GB0170 / GB0033, proven by rules/CL101's bad.py); dict and set displays look it up by
hash and compile (its good.py)."""

from __future__ import annotations

from tests.helpers import lint_text

HEADER = "import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n    def forward(self, x, k: int):\n"


def _rows(tmp_path, body: str):
    return sorted(f.start.row - 6 for f in lint_text(tmp_path, HEADER + body, codes=["CL101"]))


def test_a_tensor_in_a_list_or_tuple_display_is_flagged_as_a_condition_and_as_a_value(tmp_path):
    body = """        if x.argmax() in [0, 1]:
            x = x + 1
        first = x.sum() not in (x.mean(), 0.0)
        return x * first
"""
    assert _rows(tmp_path, body) == [1, 3]


def test_ints_dicts_and_sets_are_not(tmp_path):
    body = """        if k in [0, 1] and x.shape[0] in (2, 4):
            x = x + 1
        if x.argmax() in {0: "first"} or x.argmax() in {0, 1}:
            x = x + 2
        return x
"""
    assert _rows(tmp_path, body) == []
