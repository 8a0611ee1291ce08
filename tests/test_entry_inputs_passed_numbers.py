"""An entry point's input (torch.compile(f), compiled-roots) is assumed a tensor, unless compiled code that also
calls the function passes it a known non-tensor; a comparison of parameter arithmetic on a number with another
bare parameter (`order - 1 > i`) is a number comparison, as `order > 1` is (dynamo-proven unbroken in
tests/dynamo_cases/entry_inputs_passed_numbers.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "entry_inputs_passed_numbers.py"


def test_entry_inputs_compiled_callers_pass_numbers_are_not_flagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([CASE])] == []


def test_they_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1


def test_an_entry_input_compiled_callers_pass_tensors_stays_a_tensor(tmp_path):
    text = """\
        import torch

        def gate(x, bound):
            if x.sum() > bound:
                return x
            return -x

        def run(x):
            return gate(x, x.mean())

        compiled_gate = torch.compile(gate)
        compiled_run = torch.compile(run)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(4, "CL101")]


def test_two_bare_inputs_compared_without_a_number_stay_flagged(tmp_path):
    text = """\
        import torch

        @torch.compile
        def pick(a, b):
            if a > b:
                return a
            return b
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(5, "CL101")]


PROJECT_CLASSES = REPO / "tests" / "dynamo_cases" / "entry_inputs_of_project_classes.py"
MODES = REPO / "tests" / "dynamo_cases" / "interproc_helpers" / "modes.py"


def test_entry_inputs_annotated_with_a_project_enum_are_not_tensors():
    breaks = [f"{f.code}:{f.start.row}" for f in lint_paths([PROJECT_CLASSES, MODES]) if f.code.startswith("CL1")]
    assert breaks == []


def test_entry_inputs_annotated_with_a_project_enum_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[PROJECT_CLASSES.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1


def test_an_entry_input_annotated_with_a_project_tensor_subclass_stays_a_tensor(tmp_path):
    (tmp_path / "kinds.py").write_text("import torch\n\n\nclass Boxes(torch.Tensor):\n    pass\n")
    text = """\
        import torch

        from kinds import Boxes

        def clamp(boxes: Boxes):
            if boxes > 1:
                return boxes.clamp(max=1)
            return boxes

        compiled_clamp = torch.compile(clamp)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == [(6, "CL101")]
