"""Data-dependent rule families (CL10x, CL11x, CL12x) beyond the catalogue: look-alikes that compile
are never flagged, and extra spellings of each pattern are flagged exactly where dynamo breaks.

Both case files run under dynamo in the catalogue's child process (the `examples_under_dynamo` fixture).
"""

from __future__ import annotations

import textwrap

import pytest

from compilelint.config import Config
from compilelint.registry import all_rules
from tests.helpers import (REPO, class_body_codes, expected_lines, first_break_ids, lint_class_body, lint_paths, lint_text,
                           predicted_ids)

CASES = REPO / "tests" / "dynamo_cases"
MUST_NOT_FLAG = CASES / "data_must_not_flag.py"
FLAGGED = CASES / "data_flagged.py"
DATA_CODES = [c for c in all_rules() if c[:4] in ("CL10", "CL11", "CL12")]


def test_look_alikes_are_not_flagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([MUST_NOT_FLAG])] == []


def test_look_alikes_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[MUST_NOT_FLAG.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1


def test_extra_spellings_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([FLAGGED]))
    assert found == sorted(expected_lines(FLAGGED))


def test_extra_spellings_break_where_marked_with_a_predicted_id(examples_under_dynamo):
    result = examples_under_dynamo[FLAGGED.resolve()]
    assert result["ok"], result.get("traceback")
    first_ids = first_break_ids(result)
    assert set(first_ids) == {row for row, _ in expected_lines(FLAGGED)}
    for row, code in expected_lines(FLAGGED):
        assert first_ids.get(row, set()) & predicted_ids(code), f"line {row} ({code}): dynamo said {first_ids.get(row)}"


IMPORTS = "import math\nimport torch\nimport torch.nn.functional as F\nfrom torch import nn\n"


# Parameters of forward without an annotation are usually ints where Python wants an int: no evidence.
@pytest.mark.parametrize("line", [
    "return x[:n]",
    "return [x for _ in range(n)]",
    "return x * math.sqrt(n)",
    "return torch.arange(n) + torch.zeros(n, 2).sum()",
    "return x.repeat_interleave(n, dim=0)",
    "return self.scales[n]",
])
def test_unannotated_parameters_are_not_proof_of_a_tensor(tmp_path, line):
    body = f"""
    def __init__(self):
        super().__init__()
        self.scales = [1.0, 2.0]

    def forward(self, x, n):
        {line}
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == []


@pytest.mark.parametrize("line, code", [
    ("return x[:n]", "CL114"),
    ("return [x for _ in range(n)]", "CL114"),
    ("return x * math.sqrt(n.sum())", "CL113"),
    ("return torch.arange(n.max())", "CL124"),
    ("return x.repeat_interleave(n, dim=0)", "CL121"),
])
def test_annotated_or_used_as_a_tensor_is_proof(tmp_path, line, code):
    body = f"""
    def forward(self, x, n: torch.Tensor):
        {line}
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == [code]


def test_a_size_computed_before_an_earlier_break_is_an_input_of_the_resume_function(tmp_path):
    body = """
    def forward(self, x):
        n = x.argmax() + 1
        print(n)
        return torch.arange(n)
    """
    # the print breaks; arange(n) then compiles
    assert class_body_codes(tmp_path, body, DATA_CODES + ["CL131"], IMPORTS) == ["CL131"]


def test_only_the_first_size_use_of_a_computed_value_breaks(tmp_path):
    body = """
    def forward(self, x):
        n = x.argmax() + 1
        return torch.arange(n), torch.zeros(n), math.sqrt(n)
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL124"]


def test_a_mask_write_is_not_a_mask_read(tmp_path):
    body = """
    def forward(self, x, y):
        m = x > 0
        x[m] = 0.0
        x[~m] = y[m].sum()
        return x
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL122"]  # only the read `y[m]`


def test_a_rebound_mask_name_is_forgotten(tmp_path):
    body = """
    def forward(self, x):
        m = x > 0
        m = x.argmax(1)
        return x[m]
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == []


def test_getattr_with_a_name_built_from_a_tensor_is_reported_at_the_conversion(tmp_path):
    body = """
    def forward(self, x, k):
        return getattr(self, f"head{int(k)}")(x)
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL111"]


def test_one_hot_with_class_count_and_where_with_three_arguments_are_fine(tmp_path):
    body = """
    def forward(self, labels, x):
        a = F.one_hot(labels, 4) + F.one_hot(labels, num_classes=4)
        return torch.where(x > 0, x, 0.0), a, F.one_hot(labels, num_classes=-1)
    """
    # num_classes=-1 means "infer from the data"
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL123"]


def test_a_reshaped_mask_is_a_mask_and_a_mask_turned_into_positions_is_not(tmp_path):
    body = """
    def forward(self, x, y):
        m = torch.arange(8) < y
        return x[:, m.view(-1)], x[m.flatten()], x[m.reshape(-1, 1).t()], x[m.view(-1).long()]
    """
    # the last one indexes with the 0/1 positions
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL122"] * 3


def test_numpy_sizes_are_flagged_once_per_break_and_numpy_factors_are_not(tmp_path):
    # the same lines measured under dynamo 2.13: GB0033 on the np.prod view, the int(np.prod) view and the
    # reshape by `b * n`; the last reshape receives `n` through the resume function and compiles; numpy's
    # elementwise functions of a Python number (`np.ceil(c / 2)`, `np.sqrt(c)`) fold to constants and compile
    text = """
    import math
    import numpy as np
    import torch
    from torch import nn

    class Attention(nn.Module):
        def forward(self, q, k):
            b, c, *d = q.shape
            q = q.permute(0, 2, 3, 1).view(b, np.prod(d), c)
            k = k.view(b, c, int(np.prod(d)))
            n = np.prod(d)
            flat = q.reshape(b * n, c)
            again = flat.reshape(b, n, c)
            ok = k.view(b, c, math.prod(d)) / np.sqrt(c)
            half = k.view(b, int(np.ceil(c / 2)), -1).new_zeros(int(np.sqrt(c)))
            return again, ok, half, torch.zeros(np.int64(3)), torch.zeros(len(d))
    """
    findings = lint_text(tmp_path, textwrap.dedent(text), codes=["CL124"])
    assert [f.start.row for f in findings] == [10, 11, 13]
    assert all(f.gb_types == ("GB0033",) and "`numpy.prod()`" in f.message for f in findings)


def test_a_string_searched_for_in_a_compiled_roots_input_is_no_tensor_membership(tmp_path):
    # an entry's inputs are assumed tensors, but `"forces" in properties` on a tensor raises (Tensor.__contains__
    # takes numbers and tensors): the input is a list or a dict, as graph-pes' predict(graph, properties) and
    # mace's `"head" in data` (data_must_not_flag.py's node_heads compiles without a break)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "model.py").write_text(textwrap.dedent("""
        import torch

        class Potential(torch.nn.Module):
            def predict(self, graph, properties, data):
                infer_forces = "forces" in properties and f"{graph.dtype}" not in properties
                heads = data["head"] if "head" in data else torch.zeros_like(graph)
                return graph * 2 if infer_forces or -1 in heads else graph
    """))
    config = Config(root=tmp_path, compiled_roots=("pkg.model:*.predict",))
    findings = lint_paths([tmp_path / "pkg" / "model.py"], DATA_CODES, config)
    assert [(f.code, f.start.row) for f in findings] == [("CL111", 8)]  # `-1 in heads` searches a tensor


@pytest.mark.parametrize("read", ["t.shape[0]", "t.ndim", "t.dtype", "t.device", "t.size(0)", "t.dim()",
                                  "t.float()"])
def test_a_bare_input_read_as_a_tensor_is_a_tensor_when_compared_with_a_number(tmp_path, read):
    body = f"""
    def forward(self, x, t):
        if t > 0:
            x = x + 1
        return x * {read}
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL101"]


@pytest.mark.parametrize("other", [
    "return x * x.shape[0]",  # read of another name
    "t = t + 1\n        return x * t.shape[0]",  # rebound: the read is of another value
    "return x * (t.shape[0] if isinstance(t, torch.Tensor) else t)",  # read behind a type test
    "return x * (lambda t: t.shape[0])(x)",  # a lambda's own parameter
    "return x * t.real",  # ints have it too
])
def test_without_a_tensor_read_of_that_very_input_a_bare_input_compared_with_a_number_stays_an_int(tmp_path, other):
    body = f"""
    def forward(self, x, t):
        if t > 0:
            x = x + 1
        {other}
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == []


def test_a_not_kept_as_a_value_predicts_gb0033_and_one_jumped_on_gb0170(tmp_path):
    """`y = not t` asks for the tensor's bool (GB0033); `if not t` and `assert not t` jump on it (GB0170), as dynamo
    reports them in tests/dynamo_cases/data_flagged.py (NotValue, AssertMessages)."""
    body = """
    def forward(self, x):
        done = not (x > 0).all()
        assert not (x < -100).any(), "constant message"
        return done
    """
    found = {(f.start.row, f.gb_types) for f in lint_class_body(tmp_path, body, codes=["CL101"])}
    assert found == {(8, ("GB0033",)), (9, ("GB0170",))}


def test_a_negated_tensor_assert_with_a_computed_message_is_one_finding(tmp_path):
    """`assert not t, f"..."`: the `not` and the computed message are one jump on the tensor (GB0170), one finding
    (lie-transformer se3.py:65 got both messages at the same place)."""
    body = """
    def forward(self, x):
        assert not torch.isnan(x).any(), "nan in " + str(x.shape)
        assert (x > -100).all(), f"too small: {x.min()}"
        return x
    """
    found = sorted((f.start.row, f.gb_types) for f in lint_class_body(tmp_path, body, codes=["CL101"]))
    assert found == [(8, ("GB0170",)), (9, ("GB0170",))]


def test_membership_in_a_slice_along_a_second_axis_of_an_input_searches_a_tensor(tmp_path):
    # `pad_token_id in input_ids[:, -1]`: no dict or list takes a second axis, so the input is an array, whatever the
    # element searched for is (adversarial b7_hf_pad_token_in_last_column, GB0170 there); a plain read stays a dict's
    body = """
    def forward(self, input_ids, batch, pad_id):
        if pad_id in input_ids[:, -1]:
            input_ids = input_ids + 1
        if pad_id in batch["ids"] or pad_id in batch[0]:
            input_ids = input_ids + 2
        return input_ids
    """
    assert class_body_codes(tmp_path, body, DATA_CODES, IMPORTS) == ["CL111"]
