"""A boolean mask stored on self in a compiled function (`self.nonzero_indices = self.w_sum > 1e-10`) is read through
as through a local bound to one (CL122), until the function stores the attribute again. Proven under dynamo in
tests/dynamo_cases/attribute_masks.py (nnAudio's inverse STFT, missed in held-out 11)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "attribute_masks.py"


def test_reads_through_attribute_masks_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


@pytest.mark.parametrize("store", ["self.keep = torch.arange(3)", "self.keep += 1", "self.keep: torch.Tensor = x",
                                   "self.keep, n = torch.arange(3), 1"])
def test_an_attribute_stored_again_is_no_longer_a_mask(tmp_path, store):
    assert class_body_codes(tmp_path, f"""
        def forward(self, x):
            self.keep = x > 0
            {store}
            return x[self.keep]
    """, rows=True) == []


def test_a_mask_on_another_object_or_a_deeper_attribute_says_nothing(tmp_path):
    assert class_body_codes(tmp_path, """
        def forward(self, x, other):
            other.keep = x > 0
            self.state.keep = x > 0
            return x[other.keep] + x[self.state.keep]
    """, rows=True) == []
