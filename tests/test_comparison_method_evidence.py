"""A tensor method called on a comparison (`(mask == 0).sum(-1)`) proves the comparison elementwise: a Python bool
has no such method. Its operands are tensors, or numpy arrays dynamo traces as tensors, whatever the helper's
parameters are. Proven under dynamo by tests/adversarial/cases/b12_hf_generation_mixin_cache_position.py (GB0124),
b6_hf_labels_all_ignored.py and b11_hf_jit_tracing_guard_only.py, missed blind."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import lint_text

HELPER = """\
import torch
from torch import nn


class Mixin:
    def past_length(self, mask, ids):
        {line}
        return ids


class M(nn.Module, Mixin):
    def forward(self, ids, attention_mask=None):
        return self.past_length(attention_mask, ids)
"""


@pytest.mark.parametrize("line, code, flagged", [
    ("n = int((mask == 0).sum(-1).min())", "CL111", True),
    ("ok = bool((mask == 1).all())", "CL111", True),
    ("if (mask != -100).sum() == 0: ids = ids * 0", "CL101", True),
    ("if ((mask > 0) & (mask < 5)).any(): ids = ids * 0", "CL101", True),
    ("n = int(mask == 0)", "CL111", False),  # no method: a Python bool as well
    ("n = int((mask == 0).bit_length())", "CL111", False),  # a method a bool has and a tensor lacks
    ("n = int(mask.sum())", "CL111", False),  # no comparison: a list or an int as well (unknown)
])
def test_a_tensor_method_on_a_comparison_proves_it_elementwise(tmp_path, line, code, flagged):
    text = HELPER.replace("{line}", line)
    rows = [f.start.row for f in lint_text(tmp_path, textwrap.dedent(text), codes=[code])]
    assert rows == ([7] if flagged else [])
