"""A numpy array built in compiled code is a tensor of the graph under trace_numpy: its elements as Python ints
and its truth value break (tests/dynamo_cases/numpy_arrays.py); numpy math on Python numbers and an array's
length and shape do not (numpy_arrays_plain.py)."""

from __future__ import annotations

from tests.helpers import REPO, found_lines, lint_paths, marked_lines

CASES = REPO / "tests" / "dynamo_cases"
ARRAYS = CASES / "numpy_arrays.py"
PLAIN = CASES / "numpy_arrays_plain.py"


def test_elements_and_truth_of_arrays_built_in_compiled_code_are_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([ARRAYS])) == marked_lines([ARRAYS])


def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo):
    result = examples_under_dynamo[ARRAYS.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [row for _, row, _ in marked_lines([ARRAYS])]


def test_numpy_constants_and_shapes_are_not_flagged():
    assert lint_paths([PLAIN]) == []


def test_numpy_constants_and_shapes_compile_in_one_graph(examples_under_dynamo):
    result = examples_under_dynamo[PLAIN.resolve()]
    assert result["ok"], result.get("traceback")
    assert (result["breaks"], result["graphs"]) == ([], 1)


REDUCTIONS = CASES / "numpy_reductions_of_sequences.py"


def test_int_and_float_of_numpy_reductions_of_lists_and_shapes_are_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([REDUCTIONS])) == marked_lines([REDUCTIONS])


def test_dynamo_breaks_on_exactly_the_marked_reduction_lines(examples_under_dynamo):
    result = examples_under_dynamo[REDUCTIONS.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [row for _, row, _ in marked_lines([REDUCTIONS])]
