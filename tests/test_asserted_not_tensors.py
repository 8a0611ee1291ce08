"""A name the function body asserts to be an instance of Python types is no tensor after the assert, whatever its
callers are assumed to pass (dynamo-proven unbroken in tests/dynamo_cases/asserted_not_tensors.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "asserted_not_tensors.py"


def test_an_asserted_tuple_sizes_a_factory_unflagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([CASE])] == []


def test_it_compiles_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[CASE.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []


SAMPLER = """\
    import torch

    def _first_steps(shape, init, steps):
        {check}
        t = torch.ones([shape[0]], dtype=torch.long) * steps[0]
        return init * t.view(-1, 1)

    def sample(shape, init):
        return _first_steps(shape, init, [3, 2, 1])

    compiled_sample = torch.compile(sample)
"""


def _found(tmp_path, check):
    text = textwrap.dedent(SAMPLER).replace("{check}", check)
    return [(f.start.row, f.code) for f in lint_text(tmp_path, text)]


def test_without_the_assert_the_assumed_tensor_input_still_sizes_the_factory(tmp_path):
    assert _found(tmp_path, "pass") == [(5, "CL124")]


def test_an_assert_that_it_is_a_tensor_says_nothing_against_it(tmp_path):
    assert _found(tmp_path, "assert isinstance(shape, torch.Tensor)") == [(5, "CL124")]


def test_an_assert_inside_a_branch_narrows_nothing_after_it(tmp_path):
    assert _found(tmp_path, "if init.dim() > 5:\n            assert isinstance(shape, tuple)") == [(6, "CL124")]
