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


@pytest.mark.parametrize("binding, flagged", [
    # a top-level def after the import rebinds the name: calls run the def (dynamo: no break, probe
    # tests/adversarial/cases/fp14_names_import_shadowed_by_def.py)
    ("from torchvision.ops import nms\n\n\ndef nms(boxes, scores, threshold):\n    return scores > threshold",
     False),
    ("try:\n    from torchvision.ops import nms\nexcept ImportError:\n    pass\n\n\n"
     "def nms(boxes, scores, threshold):\n    return scores > threshold", False),
    # the import fallback: torchvision's op where it is installed
    ("try:\n    from torchvision.ops import nms\nexcept ImportError:\n"
     "    def nms(boxes, scores, threshold):\n        return scores > threshold", True),
    # a def before the import: the import rebinds the name
    ("def nms(boxes, scores, threshold):\n    return scores > threshold\n\n\nfrom torchvision.ops import nms", True),
])
def test_the_last_top_level_binding_of_a_name_is_what_it_resolves_to(tmp_path, binding, flagged):
    text = "import torch\n" + binding + textwrap.dedent("""


    class Detect(torch.nn.Module):
        def forward(self, boxes, scores):
            return nms(boxes, scores, 0.5)
    """)
    assert bool(lint_text(tmp_path, text, codes=["CL121"])) is flagged


def test_the_python_wrappers_still_break_after_a_loop_gave_up_on_the_frame(tmp_path):
    """Measured on 2.13 with torchvision installed (held-out 93, yolort's PostProcess): after a break in the per-image
    loop made dynamo run the frame eagerly, `batched_nms` / `nms` enter torchvision's Python wrapper as a frame of its
    own and break there (GB0036, reported at the call); the op called directly there breaks nothing."""
    text = textwrap.dedent("""
    import torch
    import torchvision
    from torchvision.ops import boxes as box_ops


    class Post(torch.nn.Module):
        def forward(self, boxes, scores, labels):
            out = []
            for i in range(boxes.shape[0]):
                inds = torch.where(scores[i] > 0.3)[0]
                keep = box_ops.batched_nms(boxes[i][inds], scores[i][inds], labels[i][inds], 0.5)
                out.append(keep)
            keep = torchvision.ops.nms(boxes[0], scores[0], 0.5)
            keep2 = torch.ops.torchvision.nms(boxes[0], scores[0], 0.5)
            return out, keep, keep2
    """)
    found = [(f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL121"])]
    assert found == [(11, "CL121"), (12, "CL121"), (14, "CL121")]
