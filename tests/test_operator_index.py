"""`operator.index(t)` of a tensor is `int(t)` (CL111): Tensor.__index__ reads the value. Proven under dynamo in
tests/dynamo_cases/operator_index.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "operator_index.py"


def test_operator_index_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _codes(tmp_path, line: str) -> list:
    text = "import operator\nimport torch\n\n\n@torch.compile\ndef f(x, n: int):\n    k = " + line + "\n    return x * k\n"
    return [f.code for f in lint_text(tmp_path, text, codes=["CL111"])]


def test_operator_index_of_a_tensor_is_a_conversion(tmp_path):
    assert _codes(tmp_path, "operator.index(x.sum().long())") == ["CL111"]


def test_operator_index_of_python_values_and_other_index_methods_is_not(tmp_path):
    assert _codes(tmp_path, "operator.index(x.shape[0])") == []
    assert _codes(tmp_path, "operator.index(n)") == []
    assert _codes(tmp_path, "[1, 2].index(2)") == []
