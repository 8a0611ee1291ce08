"""Annotations of torch tensors through jaxtyping (`Float[Tensor, 'b n']`), torchtyping (`TensorType['b']`) and a
project's wrapper of a jaxtyping dtype (e2-tts' `Int = TorchTyping(jaxtyping.Int)`, then `t: Int['b']`; held-out group
42's `e2_tts.py:181`), proven in tests/dynamo_cases/jaxtyping_aliases.py."""

import libcst as cst
import pytest

from compilelint.names import ImportTable
from compilelint.tensors import TENSOR, UNKNOWN, annotation_kind
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASE = REPO / "tests" / "dynamo_cases" / "jaxtyping_aliases.py"


def test_the_wrapped_annotation_is_read_and_the_size_flagged_on_exactly_the_marked_line():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


@pytest.mark.parametrize("annotation, kind", [
    ("Float[Tensor, 'b n']", TENSOR),
    ("jaxtyping.Int[torch.Tensor, 'b']", TENSOR),
    ("TensorType['b', 'n']", TENSOR),
    ("Float[np.ndarray, 'b n']", TENSOR),  # trace_numpy makes a numpy array a tensor of the graph (tensors.py)
    ("Float[Array, 'b']", UNKNOWN),
    ("List[Tensor]", UNKNOWN),
])
def test_jaxtyping_and_torchtyping_annotations_of_torch_tensors(annotation, kind):
    module = cst.parse_module("import jaxtyping\nimport numpy as np\nimport torch\nfrom torch import Tensor\n"
                              "from jaxtyping import Array, Float\nfrom torchtyping import TensorType\n"
                              "from typing import List\n")
    imports = ImportTable("m", False)
    for statement in module.body:
        imports.add(statement.body[0])
    assert annotation_kind(cst.Annotation(cst.parse_expression(annotation)), imports) == kind
