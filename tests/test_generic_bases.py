"""A base class spelled with type parameters (`class TransformerDecoder(DecoderBase[Cache, Output])`, texar's decoders)
is that class in the subclass's method resolution order (Python's `__mro_entries__`): its methods are the
subclass's, in the same file and across files. Proven under dynamo in
tests/adversarial/cases/h79_generic_decoder_base.py (held-out group 79: texar's decoding loop and beam search)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import lint_paths, lint_text

BASE = """from typing import Generic, TypeVar

import torch
from torch import nn

State = TypeVar("State")


class DecoderBase(nn.Module, Generic[State]):
    def dynamic_decode(self, finished):
        while not torch.all(finished).item():
            finished = finished | True
        return finished
"""
ITEM_ROW = 11

SUBCLASS = """

class Decoder(DecoderBase[torch.Tensor]):
    def forward(self, finished):
        return self.dynamic_decode(finished)
"""


def test_a_method_of_a_subscripted_base_is_reached_from_the_subclass_forward(tmp_path):
    found = lint_text(tmp_path, BASE + SUBCLASS, codes=["CL111"])
    assert [(f.start.row, f.code) for f in found] == [(ITEM_ROW, "CL111")]


def test_across_files(tmp_path):
    (tmp_path / "base.py").write_text(BASE, encoding="utf-8")
    (tmp_path / "decoder.py").write_text(
        "import torch\n\nfrom base import DecoderBase\n" + SUBCLASS, encoding="utf-8")
    from compilelint.config import Config

    found = lint_paths([tmp_path / "base.py", tmp_path / "decoder.py"], ["CL111"], Config(root=tmp_path))
    assert [(Path(f.path).name, f.start.row) for f in found] == [("base.py", ITEM_ROW)]


def test_the_base_alone_is_not_compiled(tmp_path):
    # nothing compiles DecoderBase.dynamic_decode without a subclass forward that calls it
    assert lint_text(tmp_path, BASE, codes=["CL111"]) == []
