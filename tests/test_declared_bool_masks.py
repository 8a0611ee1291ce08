"""CL122 on masks declared boolean by annotation: a field `mask: Bool[Tensor, "b n"]` of a NamedTuple or dataclass of
the file, read through a parameter annotated with that class (`inp.x[inp.mask]` with `inp: PaddedInput`), and a
parameter annotated `keep: Bool[Tensor, "n"]` (as `torch.BoolTensor` already was). Missed blind in held-out group 74
(stackformers' `padded_to_packed`, GB0036); proven under dynamo in tests/dynamo_cases/declared_bool_masks.py."""

import libcst as cst
import pytest

from compilelint.names import ImportTable
from compilelint.tensors import declares_bool_tensor
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "declared_bool_masks.py"
HEADER = "import torch\nfrom typing import NamedTuple, Optional\nfrom jaxtyping import Bool, Float, Int\n" \
         "from torch import Tensor, nn\n"


def test_declared_masks_are_flagged_on_exactly_the_marked_lines():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def _rows(tmp_path, text):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, HEADER + text, codes=["CL122"]))


def test_a_field_declared_boolean_read_through_an_annotated_parameter(tmp_path):
    text = """
class Padded(NamedTuple):
    x: Float[Tensor, "b n d"]
    mask: Bool[Tensor, "b n"]


def unpad(inp: Padded):
    return inp.x[inp.mask]


class M(nn.Module):
    def forward(self, x, mask):
        return unpad(Padded(x, mask))
"""
    assert _rows(tmp_path, text) == [(12, "CL122")]


def test_a_parameter_declared_boolean_by_jaxtyping(tmp_path):
    text = """
class M(nn.Module):
    def forward(self, x: Tensor, keep: Bool[Tensor, "n"]):
        return x[keep].sum()
"""
    assert _rows(tmp_path, text) == [(8, "CL122")]


def test_integer_fields_optional_masks_and_writes_are_quiet(tmp_path):
    text = """
class Padded(NamedTuple):
    x: Float[Tensor, "b n d"]
    mask: Bool[Tensor, "b n"]
    index: Int[Tensor, "k"]


class M(nn.Module):
    def forward(self, inp: Padded, keep: Optional[Bool[Tensor, "n"]] = None):
        out = inp.x.clone()
        out[inp.mask] = 0.0
        return out[:, inp.index].sum() + inp.x[keep].sum()
"""
    assert _rows(tmp_path, text) == []


@pytest.mark.parametrize("annotation, declared", [
    ('Bool[Tensor, "b n"]', True),
    ('jaxtyping.Bool[torch.Tensor, "n"]', True),
    ("torch.BoolTensor", True),
    ('Int[Tensor, "b n"]', False),
    ('Optional[Bool[Tensor, "n"]]', False),
    ('Bool[Array, "n"]', False),
])
def test_annotations_that_declare_a_boolean_tensor(annotation, declared):
    module = cst.parse_module("import jaxtyping\nimport torch\nfrom torch import Tensor\n"
                              "from jaxtyping import Array, Bool, Int\nfrom typing import Optional\n")
    imports = ImportTable("m", False)
    for statement in module.body:
        imports.add(statement.body[0])
    assert declares_bool_tensor(cst.Annotation(cst.parse_expression(annotation)), imports) is declared


def test_a_call_result_used_as_the_condition_of_where_is_a_mask(tmp_path):
    text = """
class M(nn.Module):
    def forward(self, x, strategy, token):
        should_mask = strategy(x)
        corrupted = torch.where(should_mask.unsqueeze(-1), token, x)
        dropped = strategy(x)
        filled = x.masked_fill(dropped, 0.0)
        return corrupted[should_mask].sum() + filled[dropped].sum()
"""
    assert _rows(tmp_path, text) == [(12, "CL122"), (12, "CL122")]


def test_a_call_result_written_through_proves_nothing(tmp_path):
    text = """
class M(nn.Module):
    def forward(self, x, picker):
        positions = picker(x)
        x[positions] = 0.0
        return x[positions].sum()
"""
    assert _rows(tmp_path, text) == []
