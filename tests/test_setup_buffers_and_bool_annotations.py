"""A buffer registered in a setup method __init__ calls is a tensor attribute, and a parameter annotated
`torch.BoolTensor` is a boolean mask: reads through masks built from either are flagged (CL122). Proven under dynamo
in tests/dynamo_cases/setup_buffers_and_bool_annotations.py (torch-gauge, missed in held-out 33)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "setup_buffers_and_bool_annotations.py"


def test_reads_through_such_masks_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_buffer_registered_as_none_or_set_to_a_number_later_is_no_tensor(tmp_path):
    assert class_body_codes(tmp_path, """
        def __init__(self):
            super().__init__()
            self._setup()

        def _setup(self):
            self.register_buffer("lengths", None)
            self.scale = 2

        def reset(self):
            self.scale = 3

        def forward(self, x):
            return x[:, self.lengths == 0] + x[:, self.scale == 0]
    """, rows=True) == []
