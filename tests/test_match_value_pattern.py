"""CL101 on `match`: a value pattern (`case 0:`) compares a tensor subject with `==` and takes the answer's truth
value (GB0170 at the case line, proven by rules/CL101's bad.py and b16_py_match_literal_on_tensor); a Python subject,
a bare parameter (a mode), `case None:` / sequence / mapping patterns, and a capture or class pattern met first
are not judged (good.py, b16_quiet_py_match_dim_and_mode)."""

from __future__ import annotations

from tests.helpers import lint_text

HEADER = "import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n    def forward(self, x, mode):\n"


def _rows(tmp_path, body: str):
    return sorted(f.start.row - 6 for f in lint_text(tmp_path, HEADER + body, codes=["CL101"]))


def test_a_value_pattern_on_a_tensor_is_flagged_at_its_case(tmp_path):
    body = """        match x.sum():
            case None:
                pass
            case (a, b):
                pass
            case 0 | 1:
                x = x + 1
            case 2:
                x = x + 2
        return x
"""
    assert _rows(tmp_path, body) == [6]


def test_python_subjects_modes_and_capture_patterns_first_are_not(tmp_path):
    body = """        match x.dim():
            case 2:
                x = x + 1
        match mode:
            case "avg":
                x = x.mean(-1)
        match x.sum():
            case torch.Tensor():
                x = x + 1
            case 0:
                x = x + 2
        match x.amax():
            case peak:
                x = x / peak
        return x
"""
    assert _rows(tmp_path, body) == []
