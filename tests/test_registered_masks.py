"""A boolean mask registered as a buffer in `__init__` is a mask in the module's other methods (CL122), as one
assigned to `self.x` is. Proven under dynamo in tests/dynamo_cases/registered_masks.py (torch-gauge's
`padded_out_ten[:, self.out_reduce_mask]`, missed in held-out group 33)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

REGISTERED = REPO / "tests" / "dynamo_cases" / "registered_masks.py"


def test_registered_masks_read_through_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([REGISTERED]))
    assert found == sorted(expected_lines(REGISTERED))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[REGISTERED.resolve()], REGISTERED)


@pytest.mark.parametrize("init", [
    'self.register_buffer("keep", torch.ones(4, dtype=torch.bool))',
    'self.register_buffer("keep", torch.rand(4) > 0.5, persistent=False)',
    'self.register_buffer("keep", ~torch.eye(4, dtype=torch.bool)[0])',
])
def test_a_mask_registered_in_init_is_a_mask_in_forward(tmp_path, init):
    body = f"""
    def __init__(self):
        super().__init__()
        {init}

    def forward(self, x):
        return x[:, self.keep]
    """
    assert class_body_codes(tmp_path, body, codes=["CL122"]) == ["CL122"]


@pytest.mark.parametrize("init, later", [
    ('self.register_buffer("keep", torch.arange(4))', ""),  # positions, not a mask
    ('self.register_buffer("keep", torch.ones(4, dtype=torch.bool))',
     'def reset(self, n):\n        self.register_buffer("keep", torch.arange(n))'),  # stored again elsewhere
    ('self.register_buffer("keep", torch.ones(4, dtype=torch.bool))',
     'def reset(self, n):\n        self.keep = torch.arange(n)'),
    ('self.register_buffer("keep", torch.ones(4, dtype=torch.bool))\n        self.register_buffer("keep", '
     'torch.arange(4))', ""),  # registered again as positions
])
def test_no_mask_where_the_buffer_holds_positions_or_is_stored_again(tmp_path, init, later):
    body = f"""
    def __init__(self):
        super().__init__()
        {init}

    {later}

    def forward(self, x):
        return x[:, self.keep]
    """
    assert class_body_codes(tmp_path, body, codes=["CL122"]) == []
