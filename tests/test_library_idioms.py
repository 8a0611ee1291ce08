"""Patterns of transformers, diffusers, timm and torch_geometric code (adversarial batch 3, the `hf_`, `diff_`,
`timm_`, `pyg_` cases): which of their idioms are reported. Each reported pattern is proven under dynamo by a
rule's bad.py; the lines marked `# reported` are exactly the findings."""

from __future__ import annotations

from tests.helpers import lint_text


def _reported_rows(text: str):
    return [i + 1 for i, line in enumerate(text.splitlines()) if line.endswith("# reported")]


MEMBERSHIP_AND_ASSERT = '''
import torch
from torch import nn

_assert = torch._assert


class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad_token_id = 0
        self.img_size = (8, 8)
        self.heads = ["a", "b"]

    def forward(self, x, input_ids, attention_mask):
        B, C, H, W = x.shape
        _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
        torch._assert(W % 2 == 0, "even width")
        _assert(torch.isfinite(x).all(), "non-finite input")  # reported
        torch._assert_async(torch.isfinite(x).all(), "non-finite input")
        if "a" in self.heads and x in [x]:
            x = x + 1
        if 0 in attention_mask:  # reported
            x = x * 2
        return x


class PadFlag(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad_token_id = 0

    def forward(self, input_ids):
        return self.pad_token_id not in input_ids.clone()  # reported


class Collate(nn.Module):
    def forward(self, batch, input_ids, keys=("a", "b")):
        out = batch["a"] * 2
        if "b" in batch and "mask" not in batch["meta"]:
            out = out + batch["b"]
        for key in keys:
            if key in batch:
                out = out + 1
        if -1 in input_ids:  # reported
            out = out * 0
        return out


class LastColumn(nn.Module):
    def forward(self, input_ids):
        # each membership test in a tensor skips its whole frame: one per forward, or the later ones are never traced
        return 0 in input_ids[:, [-1, 0]]  # reported
'''


def test_membership_in_a_tensor_and_torch_assert_on_a_tensor_are_reported(tmp_path):
    """A forward parameter is only assumed a tensor: a membership test in it is reported when what is searched for
    is a number or a tensor, never for a key (`"b" in batch`, dynamo's own rc_dict_input_keys case)."""
    rows = [f.start.row for f in lint_text(tmp_path, MEMBERSHIP_AND_ASSERT, codes=["CL111"])]
    assert rows == _reported_rows(MEMBERSHIP_AND_ASSERT)


OPTIONAL_TENSOR_ARGUMENTS = '''
from typing import Optional

import torch
from torch import nn


def shift(cache_position: Optional[torch.Tensor] = None):
    if cache_position is not None and cache_position[0] != 0:
        return 1
    return 0


class Decoder(nn.Module):
    def forward(self, input_ids, cache_position: Optional[torch.LongTensor] = None,
                attention_mask: Optional[torch.Tensor] = None, scale: Optional[float] = None):
        if cache_position is not None and cache_position[0] != 0:  # reported
            input_ids = input_ids[:, -cache_position.shape[0]:]
        if attention_mask is not None and attention_mask.dim() == 2:
            input_ids = input_ids * attention_mask
        if scale is not None and scale > 1.0:
            input_ids = input_ids * scale
        return input_ids, shift()
'''


def test_a_forwards_optional_tensor_argument_is_a_tensor_where_it_is_not_none(tmp_path):
    """`x: Optional[Tensor] = None` of forward is read as a tensor (like a bare forward parameter); a helper's is
    still decided by its calls (`shift()` passes none), and `Optional[float]` stays a number."""
    rows = [f.start.row for f in lint_text(tmp_path, OPTIONAL_TENSOR_ARGUMENTS)]
    assert rows == _reported_rows(OPTIONAL_TENSOR_ARGUMENTS)


OPTIONAL_TENSOR_REFUSED = '''
from typing import Optional

import torch
from torch import nn


class NormalizedAttention(nn.Module):
    def forward(self, x, cache_leftpad: Optional[torch.Tensor] = None, mask: Optional[torch.Tensor] = None):
        if cache_leftpad:
            raise RuntimeError("cache_leftpad is not supported here")
        if mask:  # reported
            raise RuntimeError("a mask is not supported here")
        else:
            x = x * 2
        if mask:  # reported
            x = x.masked_fill(mask, 0)
            raise RuntimeError("masked")
        return x
'''


def test_an_optional_tensor_whose_truth_only_raises_is_refused_not_read(tmp_path):
    """`if t: raise ...` for `t: Optional[Tensor] = None`: every call that works passes None (one passing a tensor
    fails whatever dynamo does), so the test is not a break; a branch that does more, or has an else, still is."""
    rows = [f.start.row for f in lint_text(tmp_path, OPTIONAL_TENSOR_REFUSED)]
    assert rows == _reported_rows(OPTIONAL_TENSOR_REFUSED)
