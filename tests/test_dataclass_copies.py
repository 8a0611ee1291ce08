"""CL144 on `dataclasses.asdict` / `astuple`: both deep-copy each field, so a dataclass of the file built with a tensor
breaks as `copy.deepcopy(t)` does (GB4198, proven by rules/CL144's bad.py and b16_py_dataclass_asdict_outputs); one
built from Python values, `dataclasses.replace` / `fields`, and a rebound local are not judged (good.py,
b16_quiet_py_dataclass_replace_fields)."""

from __future__ import annotations

from tests.helpers import lint_text

HEADER = """import dataclasses
from typing import Optional

import torch
from torch import nn


@dataclasses.dataclass
class Out:
    h: Optional[torch.Tensor]
    n: int = 0


class NotData:
    def __init__(self, h):
        self.h = h


class M(nn.Module):
    def forward(self, x):
"""


def _rows(tmp_path, body: str):
    return sorted(f.start.row - 20 for f in lint_text(tmp_path, HEADER + body, codes=["CL144"]))


def test_asdict_and_astuple_of_a_dataclass_built_with_a_tensor_are_flagged(tmp_path):
    body = """        a = dataclasses.asdict(Out(x * 2))
        out = Out(h=x.mean(0), n=3)
        b = dataclasses.astuple(out)
        return a, b
"""
    assert _rows(tmp_path, body) == [1, 3]


def test_python_fields_replace_fields_and_a_local_rebound_to_python_values_are_not(tmp_path):
    body = """        a = dataclasses.asdict(Out(None, 3))
        out = Out(h=x.mean(0))
        c = [getattr(out, f.name) for f in dataclasses.fields(dataclasses.replace(out, n=2))]
        out = Out(None, 1)
        b = dataclasses.asdict(out)
        d = vars(NotData(x))
        return a, b, c, d
"""
    assert _rows(tmp_path, body) == []
