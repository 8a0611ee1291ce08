"""`torch.Tensor.m(t, ...)` and `getattr(t, "m")(...)` are judged as the method call `t.m(...)` they make, and
`map(float, t)` as `float(t[0])`: reported at the call as written, without a fix. Proven under dynamo in tests/dynamo_cases/method_stand_ins.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "method_stand_ins.py"


def test_unbound_and_getattr_method_calls_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_stand_in_is_reported_at_the_call_as_written_without_a_fix(tmp_path):
    text = ("import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n    def forward(self, x):\n"
            "        return x * len(torch.Tensor.tolist(x.long()))\n")
    findings = [f for f in lint_text(tmp_path, text) if f.code == "CL112"]
    assert [(f.start.row, f.start.column) for f in findings] == [(7, 24)]
    assert all(f.fix is None for f in findings)


def test_getattr_on_objects_that_are_no_tensors_is_not_judged(tmp_path):
    text = ("import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n    def __init__(self):\n"
            "        super().__init__()\n        self.names = ['a']\n\n    def forward(self, x):\n"
            "        return x * len(getattr(self.names, 'copy')())\n")
    assert [f for f in lint_text(tmp_path, text) if f.code.startswith("CL1")] == []
