"""Parameters are leaves that require grad: setting `.requires_grad` on one breaks whatever the value, and
`requires_grad_(False)` breaks, in compiled code (CL146). Proven under dynamo in
tests/dynamo_cases/parameter_grad_flags.py (flamingo-pytorch's `set_module_requires_grad_`, called from forward to
freeze layers, missed in held-out 24)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

FLAGS = REPO / "tests" / "dynamo_cases" / "parameter_grad_flags.py"


def test_grad_flags_set_on_parameters_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([FLAGS]))
    assert found == sorted(expected_lines(FLAGS))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[FLAGS.resolve()], FLAGS)


@pytest.mark.parametrize("loop, statement", [
    ("for p in self.parameters():", "p.requires_grad = False"),
    ("for p in self.encoder.parameters():", "p.requires_grad = True"),
    ("for _, p in self.named_parameters():", "p.requires_grad = self.training"),
    ("for p in self.parameters():", "p.requires_grad_(False)"),
])
def test_a_parameter_given_a_grad_flag_is_flagged(tmp_path, loop, statement):
    body = f"""
    def forward(self, x):
        {loop}
            {statement}
        return x
    """
    assert class_body_codes(tmp_path, body, codes=["CL146"]) == ["CL146"]


@pytest.mark.parametrize("loop, statement", [
    # turning on a parameter's flag by the method is a no-op; reading it is fine
    ("for p in self.parameters():", "p.requires_grad_(True)"),
    ("for p in self.parameters():", "n = p.requires_grad"),
    # the name is rebound, or the loop is over something else than parameters
    ("for p in self.parameters():", "p = x.sum()\n            p.requires_grad = False"),
    ("for p in self.buffers():", "p.requires_grad = False"),
    ("for name, p in self.named_modules():", "p.requires_grad = False"),
])
def test_no_finding_where_no_parameter_gets_a_flag(tmp_path, loop, statement):
    body = f"""
    def forward(self, x):
        {loop}
            {statement}
        return x
    """
    assert class_body_codes(tmp_path, body, codes=["CL146"]) == []


def test_a_later_loop_over_something_else_rebinds_the_name(tmp_path):
    body = """
    def forward(self, x):
        for p in self.parameters():
            pass
        for p in [x.sum()]:
            p.requires_grad = False
        return x
    """
    assert class_body_codes(tmp_path, body, codes=["CL146"]) == []
