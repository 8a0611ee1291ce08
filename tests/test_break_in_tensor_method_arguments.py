"""CL179: a break inside the arguments of a tensor's method call is reported at that call's line too (dynamo resumes
with the bound method on its stack and breaks again calling it, GB0007). Proven under dynamo in
tests/dynamo_cases/break_in_tensor_method_arguments.py (snnTorch's `spikegen.rate`, missed in held-out 89)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "break_in_tensor_method_arguments.py"


def test_the_break_and_each_tensor_method_call_around_it_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_the_copy_at_the_call_names_the_skipped_builtin():
    finding = next(f for f in lint_paths([CASES]) if f.start.row == 40)
    assert finding.code == "CL179" and finding.gb_types == ("GB0007",)
    assert "`.repeat()`" in finding.message and "CL112" in finding.message and finding.fix is None


def test_a_call_on_the_break_line_gives_one_finding(tmp_path):
    assert class_body_codes(tmp_path, """
        def forward(self, x):
            return x.repeat(tuple([4] + torch.ones(2, dtype=int).tolist()))
    """, codes=["CL112", "CL179"]) == ["CL112"]


def test_a_receiver_not_known_as_a_tensor_gets_no_copy(tmp_path):
    findings = lint_text(tmp_path, """
import torch
from torch import nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = {}

    def forward(self, x):
        self.table.setdefault(
            "k", x.sum().item()
        )
        return x
""", codes=["CL111", "CL179"])
    assert [(f.start.row, f.code) for f in findings] == [(13, "CL111")]


def test_a_break_in_a_loop_gives_no_copy(tmp_path):
    """dynamo gives up on the frame at a break in a loop: nothing resumes at the call."""
    assert class_body_codes(tmp_path, """
        def forward(self, x):
            for i in range(2):
                x = x.add(
                    x.sum().item()
                )
            return x
    """, codes=["CL111", "CL179"]) == ["CL111"]


def test_a_forward_input_receiver_gets_a_copy(tmp_path):
    assert class_body_codes(tmp_path, """
        def forward(self, x):
            return x.add(
                x.sum().item()
            )
    """, codes=["CL111", "CL179"], rows=True) == [(8, "CL179"), (9, "CL111")]


def test_a_list_comprehension_argument_gets_a_copy_a_consumed_generator_none(tmp_path):
    """Measured on 2.13: `x.new_tensor([v.item() for v in x[0]])` over lines breaks at the call too (GB0007);
    `x.add(sum(v.item() for v in x[1]))` does not (the consumed generator gives up on the frame: GB8335)."""
    assert class_body_codes(tmp_path, """
        def forward(self, x):
            a = x.new_tensor(
                [v.item() for v in x[0]]
            )
            b = x.add(
                sum(v.item() for v in x[1])
            )
            return a.sum() + b.sum()
    """, codes=["CL111", "CL179"], rows=True) == [(8, "CL179"), (9, "CL111"), (12, "CL111")]


def test_a_module_function_and_a_breaking_receiver_get_no_copy(tmp_path):
    """`torch.pow(...)` is a function of an imported module, not a method of a value of unknown kind; where the
    receiver itself breaks (`x[m].div(y[m])`) dynamo reports that break first on the call's line (integration: the
    dynamo cases of setup buffers and stored attributes)."""
    assert class_body_codes(tmp_path, """
        def forward(self, x, y):
            m = x > 0
            z = torch.pow(
                x[m],
                2.0,
            )
            w = x[m].div(
                y[m]
            )
            return z, w
    """, codes=["CL122", "CL179"]) == ["CL122", "CL122", "CL122"]
