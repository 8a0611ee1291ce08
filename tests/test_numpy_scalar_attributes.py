"""A numpy scalar set on a module in __init__ (`self.hop = np.prod(rates)`): Python arithmetic or a comparison with
it is a numpy array dynamo traces, so using that as a Python number breaks; the attribute alone and tensor ops with
it say nothing. Proven under dynamo in tests/dynamo_cases/numpy_scalar_attributes.py (snac's
`math.ceil(length / pad_to)` for `pad_to = self.hop_length * lcm`, missed in held-out 23)."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "numpy_scalar_attributes.py"


def test_breaks_through_numpy_scalar_attributes_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


IMPORTS = "import math\nimport numpy as np\nimport torch\nfrom torch import nn\n"


def _after_init(init: str, body: str) -> str:
    """`body` after an __init__ that runs `init`."""
    return f"def __init__(self, rates):\n    super().__init__()\n    {init}\n" + textwrap.dedent(body)


FORWARD = """
def forward(self, x):
    return x[:, : math.ceil(x.shape[-1] / (self.hop * 2))]
"""


@pytest.mark.parametrize("init", ["self.hop = np.prod(rates)", "self.hop = np.sqrt(rates[0])",
                                  "self.hop = np.int64(rates[0])"])
def test_arithmetic_of_a_numpy_scalar_attribute_is_a_traced_array(tmp_path, init):
    assert class_body_codes(tmp_path, _after_init(init, FORWARD), imports=IMPORTS) == ["CL113"]


@pytest.mark.parametrize("init", [
    "self.hop = int(np.prod(rates))",  # a Python int
    "self.hop = np.prod(rates, axis=0)",  # an array of unknown shape
    "self.hop = math.prod(rates)",
])
def test_other_attributes_say_nothing(tmp_path, init):
    assert class_body_codes(tmp_path, _after_init(init, FORWARD), imports=IMPORTS) == []


def test_an_attribute_set_again_outside_init_is_no_longer_known(tmp_path):
    body = FORWARD + """
def reset(self, n):
    self.hop = n
"""
    assert class_body_codes(tmp_path, _after_init("self.hop = np.prod(rates)", body), imports=IMPORTS) == []


def test_the_attribute_itself_and_tensor_ops_with_its_arithmetic_say_nothing(tmp_path):
    body = """
def forward(self, x):
    y = x[:, : int(self.hop)] * math.sqrt(self.hop)
    return y.reshape(-1, self.hop) * (1 / self.hop) + x[:, : self.hop * 2].sum()
"""
    assert class_body_codes(tmp_path, _after_init("self.hop = np.prod(rates)", body), imports=IMPORTS) == []


def test_an_attribute_converted_later_in_init_is_a_python_number(tmp_path):
    body = _after_init("self.hop = np.prod(rates); self.hop = int(self.hop)", FORWARD)
    assert class_body_codes(tmp_path, body, imports=IMPORTS) == []


def test_an_identity_test_of_the_attribute_says_nothing(tmp_path):
    body = """
def forward(self, x):
    if self.hop is not None:
        x = x * 2
    return x
"""
    assert class_body_codes(tmp_path, _after_init("self.hop = np.prod(rates)", body), imports=IMPORTS) == []
