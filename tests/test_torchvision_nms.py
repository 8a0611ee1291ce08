"""CL121: torchvision's non-maximum suppression keeps a data-dependent number of boxes (GB0036 at the call). Proven
under dynamo in tests/dynamo_cases/torchvision_nms.py (the `torchvision::nms` op); the Python spellings were measured
in held-out 14 (facenet-pytorch's `batched_nms`, torchvision's own `nms`), 25 (lightnet) and 36 (holocron)."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "torchvision_nms.py"


def test_the_op_call_is_flagged_on_exactly_the_marked_line():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_line_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


@pytest.mark.parametrize("imports, call", [
    ("from torchvision.ops.boxes import batched_nms", "batched_nms(boxes, scores, labels, 0.5)"),
    ("from torchvision.ops import nms", "nms(boxes, scores, 0.5)"),
    ("import torchvision", "torchvision.ops.batched_nms(boxes, scores, labels, 0.5)"),
    ("import torchvision.ops as ops", "ops.nms(boxes, scores, 0.5)"),
])
def test_every_spelling_of_torchvision_nms_in_compiled_code_is_flagged(tmp_path, imports, call):
    text = textwrap.dedent(f"""
    import torch
    {imports}


    class Detect(torch.nn.Module):
        def forward(self, boxes, scores, labels):
            keep = {call}
            return boxes[keep]
    """)
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL121"])] == [(8, "CL121")]


def test_a_project_function_of_the_same_name_is_not_torchvision(tmp_path):
    text = textwrap.dedent("""
    import torch


    def nms(boxes, scores, threshold):
        return boxes * (scores > threshold).unsqueeze(1)


    class Detect(torch.nn.Module):
        def forward(self, boxes, scores):
            return nms(boxes, scores, 0.5)
    """)
    assert lint_text(tmp_path, text, codes=["CL121"]) == []
