"""A tensor-valued size reshaping a value of unknown kind whose own shape the same call reads
(`out.view(out.shape[0], torch.prod(torch.tensor(out.shape[1:])))`, `out` what submodules returned) is CL124: only a
tensor has a shape and takes `.view(...)`. Proven under dynamo in tests/dynamo_cases/sizes_of_submodule_outputs.py
(curator's MACE symmetric contraction, missed in held-out 37)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "sizes_of_submodule_outputs.py"


def test_tensor_sizes_of_submodule_outputs_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_the_shape_read_must_be_the_receivers_own(tmp_path):
    assert class_body_codes(tmp_path, """
        def forward(self, x):
            out = self.block(x)
            n = torch.prod(torch.tensor(x.shape[1:]))
            return out.view(x.shape[0], n) + out.view(n)
    """, rows=True) == []


def test_a_size_read_through_the_size_method_counts_too(tmp_path):
    assert class_body_codes(tmp_path, """
        def forward(self, x):
            out = self.block(x)
            return out.reshape(out.size(0), x.sum().long())
    """, rows=True) == [(9, "CL124")]
