"""`nonzero(..., as_tuple=True)` holds index tensors (`[0]` of it, each of its elements), and a helper parameter
annotated with a bare container (`List`, `Sequence`, `Any`) takes what its calls pass. Proven under dynamo in
tests/dynamo_cases/nonzero_index_tuples.py (message-passing-nn's `[n for n in neighbors if n > self.node_id]` over
`nonzero(row, as_tuple=True)[0]` handed to a parameter annotated `List`, missed in held-out 47)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, TORCH_IMPORTS, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

TYPED_IMPORTS = TORCH_IMPORTS + "from typing import Any, List, Sequence\n"
CASES = REPO / "tests" / "dynamo_cases" / "nonzero_index_tuples.py"


def test_breaks_through_nonzero_index_tuples_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


@pytest.mark.parametrize("read", [
    "idx = torch.nonzero(x > 0, as_tuple=True)[0]",
    "rows, idx = torch.nonzero(x > 0, as_tuple=True)",
])
def test_an_item_of_the_tuple_form_of_nonzero_is_a_tensor(tmp_path, read):
    body = f"""
    def forward(self, x):
        {read}
        return [i for i in idx if i > 1]
    """
    assert "CL101" in class_body_codes(tmp_path, body)


@pytest.mark.parametrize("annotation", ["List", "Sequence", "Any", "list"])
def test_a_bare_container_annotation_leaves_the_kind_to_the_callers(tmp_path, annotation):
    body = f"""
    def forward(self, x):
        return self.keep(x.sum(1))

    def keep(self, values: {annotation}):
        return [v for v in values if v > 0]
    """
    assert class_body_codes(tmp_path, body, imports=TYPED_IMPORTS) == ["CL101"]


@pytest.mark.parametrize("annotation, passed", [
    ("List[int]", "x.sum(1)"),  # an element type: the annotation decides
    ("List", "[1, 2]"),  # callers pass a plain list
])
def test_other_parameters_stay_what_they_say(tmp_path, annotation, passed):
    body = f"""
    def forward(self, x):
        return self.keep({passed})

    def keep(self, values: {annotation}):
        return [v for v in values if v > 0]
    """
    assert class_body_codes(tmp_path, body, imports=TYPED_IMPORTS) == []
