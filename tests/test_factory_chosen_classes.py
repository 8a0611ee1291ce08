"""A factory returning a local bound in several branches (`predictor_fn = ReversePredictor` / `= EulerPredictor`,
`return predictor_fn`) returns each of them: compiled code that calls what it returns runs the chosen class's
constructor, or the chosen function. Missed blind in held-out group 75 (ccsd's `get_predictor` / `get_corrector`,
whose predictors' constructors call an SDE's `reverse`, which defines a class: GB8977); proven under dynamo in
tests/dynamo_cases/factory_chosen_classes.py."""

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "factory_chosen_classes.py"


def test_the_chosen_class_constructor_is_compiled_code():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def test_each_function_a_factory_may_return_is_reached(tmp_path):
    text = """\
        import torch

        def fast(x):
            return x * 2

        def slow(x):
            return x * x.sum().item()

        def get_op(name):
            if name == "fast":
                op = fast
            else:
                op = slow
            return op

        @torch.compile
        def run(x, name: str):
            return get_op(name)(x)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text), codes=["CL111"])] == [(7, "CL111")]


def test_a_name_also_bound_otherwise_is_not_taken(tmp_path):
    text = """\
        import torch

        def slow(x):
            return x * x.sum().item()

        def get_op(name, ops):
            if name == "slow":
                op = slow
            else:
                for op in ops:
                    pass
            return op

        @torch.compile
        def run(x, name: str):
            return get_op(name, [])(x)
    """
    assert lint_text(tmp_path, textwrap.dedent(text), codes=["CL111"]) == []
