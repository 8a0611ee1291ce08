"""A parameter annotated with a type alias another module of the project binds (`LongTensorType = torch.Tensor` in
torchbiggraph's types module, held-out group 86): a tensor, read through the project index the way same-file aliases are
(AliasTable.add_assignment); an alias of `int` there stays a number."""

from __future__ import annotations

from compilelint.config import Config
from tests.helpers import lint_paths

TYPES = """\
import torch

LongTensorType = torch.Tensor
Count = int
"""

EDGES = """\
import torch
from torch import nn

from kg.types import Count, LongTensorType


class EdgeList:
    def __init__(self, lhs: LongTensorType, rel: LongTensorType, width: Count):
        self.lhs = lhs
        self.rel = rel
        self.width = width

    def relation_scalar(self) -> int:
        return int(self.rel)

    def width_scalar(self) -> int:
        return int(self.width)


class Scorer(nn.Module):
    def forward(self, x, edges: EdgeList):
        return x * edges.relation_scalar() + edges.width_scalar()
"""


def _found(tmp_path, types_text: str):
    package = tmp_path / "kg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "types.py").write_text(types_text)
    (package / "edges.py").write_text(EDGES)
    findings = lint_paths(sorted(package.glob("*.py")), config=Config(root=tmp_path))
    return sorted((f.start.row, f.code) for f in findings if f.path.endswith("edges.py") and f.code == "CL111")


def test_an_attribute_stored_from_a_parameter_annotated_by_another_modules_tensor_alias_is_a_tensor(tmp_path):
    # dynamo (torch 2.13): GB0124 on `int(self.rel)`, nothing on `int(self.width)`
    assert _found(tmp_path, TYPES) == [(14, "CL111")]


def test_an_alias_the_other_module_binds_to_no_tensor_type_proves_nothing(tmp_path):
    assert _found(tmp_path, TYPES.replace("LongTensorType = torch.Tensor", "LongTensorType = int")) == []
