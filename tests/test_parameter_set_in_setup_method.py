"""An attribute set to None in `__init__` and to `nn.Parameter(...)` in a setup method is no plain value: its
`.item()` is flagged (CL111). Proven under dynamo in tests/dynamo_cases/parameter_set_in_setup_method.py (openukge's
PASSLEAF, missed in held-out 86)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "parameter_set_in_setup_method.py"


def test_the_item_of_such_a_parameter_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_buffer_made_in_the_setup_method_counts_too(tmp_path):
    assert class_body_codes(tmp_path, """
        def __init__(self):
            super().__init__()
            self.scale = None
            self._setup()

        def _setup(self):
            self.scale = nn.Buffer(torch.ones(1))

        def forward(self, x):
            return x * self.scale.item()
    """, codes=["CL111"]) == ["CL111"]


def test_an_attribute_the_setup_method_sets_to_a_number_is_no_tensor(tmp_path):
    assert class_body_codes(tmp_path, """
        def __init__(self):
            super().__init__()
            self.scale = None
            self._setup()

        def _setup(self):
            self.scale = 2.0

        def forward(self, x):
            return x * float(self.scale)
    """, codes=["CL111"]) == []
