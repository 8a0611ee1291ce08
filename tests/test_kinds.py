"""What the tensor inference follows beyond a name bound to a tensor op (tuples and named tuples of torch ops
and project functions, dicts, declared fields, loop targets, helper parameters), proven under dynamo.

Both case files run under dynamo in the catalogue's child process (the `examples_under_dynamo` fixture)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config
from tests.helpers import REPO, class_body_codes, expected_lines, first_break_ids, lint_paths, lint_text, predicted_ids

CASES = REPO / "tests" / "dynamo_cases"
FLAGGED = CASES / "kinds_flagged.py"
MUST_NOT_FLAG = CASES / "kinds_must_not_flag.py"


def test_followed_values_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([FLAGGED]))
    assert found == sorted(expected_lines(FLAGGED))


def test_followed_values_break_where_marked_with_a_predicted_id(examples_under_dynamo):
    result = examples_under_dynamo[FLAGGED.resolve()]
    assert result["ok"], result.get("traceback")
    # a break inside torch itself (constructing a plain object) is not the case's
    first_ids = first_break_ids(result, FLAGGED)
    assert set(first_ids) == {row for row, _ in expected_lines(FLAGGED)}
    for row, code in expected_lines(FLAGGED):
        assert first_ids[row] & predicted_ids(code), f"line {row} ({code}): dynamo said {first_ids[row]}"


def test_python_values_of_the_same_shapes_are_not_flagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([MUST_NOT_FLAG])] == []


def test_python_values_of_the_same_shapes_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[MUST_NOT_FLAG.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1


REBINDINGS = [
    ("pair = x.topk(2)", "pair = (1, 2)"),
    ("pair = x.topk(2)", "pair += (None,)"),
    ("pair = [x, x]", "pair[0] = 1"),
    ("stats = {'m': x.mean()}", "stats['m'] = 1"),
    ("stats = {'m': x.mean()}", "stats[key] = 1"),
]


def _held(binding: str, rebinding: str = "pass") -> str:
    return f"""
    def forward(self, x, key: str = "m"):
        {binding}
        {rebinding}
        if {'stats["m"]' if 'stats' in binding else 'pair[0]'} > 0:
            return x
        return -x
    """


@pytest.mark.parametrize("binding,rebinding", REBINDINGS)
def test_what_a_name_holds_is_followed(tmp_path, binding, rebinding):
    assert class_body_codes(tmp_path, _held(binding), codes=["CL101"], rows=True) == [(10, "CL101")]


@pytest.mark.parametrize("binding,rebinding", REBINDINGS)
def test_rebinding_forgets_what_a_name_held(tmp_path, binding, rebinding):
    assert class_body_codes(tmp_path, _held(binding, rebinding), codes=["CL101"], rows=True) == []


def test_a_nested_parameter_hides_the_tuple_of_the_same_name(tmp_path):
    body = """
    def forward(self, x):
        pair = x.topk(2)

        def pick(pair):
            if pair[0] > 0:
                return 1
            return 0
        return x * pick((1, 2))
    """
    assert class_body_codes(tmp_path, body, codes=["CL101"], rows=True) == []


def test_a_helper_that_may_return_something_else_gives_unknown_elements(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    def pair(x):
        if x.dim() > 1:
            return x.sum(), x.mean()


    class M(nn.Module):
        def forward(self, x):
            first = pair(x)[0]
            if first > 0:
                return x
            return -x
    """)
    assert lint_text(tmp_path, text, codes=["CL101"]) == []


def test_what_a_constructor_call_passes_reaches_the_parameters_of_init(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    class Window:
        def __init__(self, start, end, steps=4):
            if start > end:
                raise ValueError("empty window")
            self.steps = steps


    class Sized:
        def __init__(self, start, end):
            if start > end:
                raise ValueError("empty window")


    class M(nn.Module):
        def forward(self, x):
            window = Window(x.min(), end=x.max())
            sized = Sized(x.shape[0], x.shape[1])
            return x * window.steps
    """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [8]


def test_what_a_call_of_a_made_object_passes_reaches_the_parameters_of_its_method(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    class Solver:
        def __init__(self, y0, steps):
            if steps > 1:
                self.y0 = y0

        def integrate(self, t, n):
            if t[0] > t[-1]:
                return -t
            if n > 1:
                return t
            return t * 2


    SOLVERS = {"euler": Solver}


    class M(nn.Module):
        def forward(self, x, method: str = "euler"):
            solver = SOLVERS[method](x.sum(), x.shape[0])
            return solver.integrate(x.sum(0), 3)
    """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [12]


def test_legacy_typed_tensor_annotations_are_tensors(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    def masked_total(x, mask: torch.ByteTensor, scale: "torch.cuda.HalfTensor"):
        if mask.sum() > 0:
            return x * scale
        if scale > 1:
            return x
        return -x


    class M(nn.Module):
        def forward(self, x):
            return masked_total(x, x > 0, x.sum())
    """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [7, 9]


def _flagged_in_project(tmp_path, files, codes=("CL101",)):
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    found = lint_paths([tmp_path / name for name in files], codes, Config(root=tmp_path))
    return sorted((Path(f.path).name, f.start.row) for f in found)


CHECKS = """
import torch


def check_inputs(y0, t, method="rk4"):
    if len(t) > 1:
        t = -t
    return y0.shape, y0, t, method


def same_length(t):
    return t, t.shape[0]


def differs(t):
    if t.dim() > 1:
        return t, 1, 2
    return t, 1


def sometimes(t):
    if t.dim() > 1:
        return t
    return t, 1
"""


def test_items_of_a_tuple_a_helper_returns_are_followed_into_other_files(tmp_path):
    solve = """
    import torch
    from checks import check_inputs, same_length, differs, sometimes


    @torch.compile
    def solve(y0, t):
        shapes, y0, t, method = check_inputs(y0, t)
        if t[0] > t[1]:
            return y0
        grid, n = same_length(t)
        if n > 2:
            return y0
        first, one = differs(t)
        if first[0] > 0:
            return y0
        head, tail = sometimes(t)
        if head[0] > 0:
            return y0
        if method == "rk4":
            return y0 * t[0]
        return y0
    """
    assert _flagged_in_project(tmp_path, {"checks.py": CHECKS, "solve.py": solve}) == [("solve.py", 9)]


def test_items_of_a_helper_of_the_same_file_walked_already(tmp_path):
    text = CHECKS + """

@torch.compile
def solve(y0, t):
    shapes, y0, t, method = check_inputs(y0, t)
    if t[0] > t[1]:
        return y0
    grid, n = same_length(t)
    if n > 2:
        return y0
    return y0
"""
    rows = [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])]
    assert rows == [text.splitlines().index("    if t[0] > t[1]:") + 1]


def test_an_item_is_a_tensor_only_when_every_caller_passes_one(tmp_path):
    solve = """
    import torch
    from checks import check_inputs


    @torch.compile
    def solve(y0, t):
        shapes, y0, t, method = check_inputs(y0, [0.0, 1.0])
        if t[0] > t[1]:
            return y0
        return y0
    """
    assert _flagged_in_project(tmp_path, {"checks.py": CHECKS, "solve.py": solve}) == []


def test_a_tensor_type_alias_of_a_project_module_is_a_tensor_annotation(tmp_path):
    types = """
    import torch

    Tensor = torch.Tensor
    """
    solver = """
    import torch
    from torch import nn
    from kinds_types import Tensor
    from tensorflow import Tensor as TFTensor


    def integrate(ts: Tensor, other: TFTensor):
        if ts[0] > ts[1]:
            return 1
        if other[0] > 0:
            return 2
        return 0


    class M(nn.Module):
        def forward(self, x):
            return x * integrate(x.sum(1), x)
    """
    assert _flagged_in_project(tmp_path, {"kinds_types.py": types, "solver.py": solver}) == [("solver.py", 9)]


def test_a_typed_tensor_alias_of_a_project_module_is_a_tensor_annotation(tmp_path):
    # pykeen's typing module: `LongTensor: TypeAlias = torch.Tensor`; its Representation.forward takes
    # `indices: LongTensor | None = None` (data_flagged.py's Lookup breaks there under dynamo)
    types = """
    from typing import TypeAlias

    import torch

    LongTensor: TypeAlias = torch.Tensor
    """
    model = """
    from torch import nn
    from kinds_typing import LongTensor


    class Representation(nn.Module):
        def forward(self, indices: LongTensor | None = None):
            if indices is not None:
                indices, inverse = indices.unique(return_inverse=True)
            return indices
    """
    files = {"kinds_typing.py": types, "representation.py": model}
    assert _flagged_in_project(tmp_path, files, codes=("CL121",)) == [("representation.py", 9)]


def test_a_tensor_operand_after_an_option_that_short_circuits_at_its_default_is_not_flagged(tmp_path):
    text = textwrap.dedent("""
    import torch


    @torch.compile
    def auroc(fpr, max_fpr=None, zero_division=0.0, strict=False, mask=None):
        if max_fpr is None or max_fpr == 1 or fpr.sum() == 0:
            return fpr
        if zero_division == "warn" and torch.any(fpr == 0):
            return fpr
        if strict and fpr.max() > 1:
            return fpr
        if mask is not None and mask.any():
            return fpr
        if not strict and fpr.min() < 0:
            return fpr
        if max_fpr is not None or fpr.sum() > 1:
            return fpr
        return fpr * 2
    """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [13, 15, 17]


def test_an_option_that_only_takes_part_in_a_tensor_operand_still_short_circuits_at_its_default(tmp_path):
    # `eos is not None and (sample == eos).all()`: the tensor is `sample`, whatever `eos` is, so the operand runs only
    # for callers that pass an eos (dynamo-proven unbroken at the default in tests/dynamo_cases/data_must_not_flag.py);
    # `eos_mask.any()` is a tensor through the option itself, as `mask.any()` above
    text = textwrap.dedent("""
    import torch
    import torch.nn.functional as F


    @torch.compile
    def generate(logits, out, eos_token=None, eos_mask=None):
        for _ in range(3):
            sample = torch.multinomial(F.softmax(logits, dim=-1), 1)
            out = torch.cat((out, sample), dim=-1)
            if eos_token is not None and (sample == eos_token).all():
                break
            if eos_mask is not None and eos_mask.any():
                break
        return out
    """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [13]


def test_an_option_rebound_in_the_function_is_no_longer_its_default(tmp_path):
    text = textwrap.dedent("""
    import torch


    @torch.compile
    def divide(num, denom, zero_division=0.0):
        zero_division = "warn" if num.dim() > 1 else zero_division
        if zero_division == "warn" and torch.any(denom == 0):
            return num
        return num / denom
    """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [8]


def test_a_mask_made_from_a_parameter_is_a_mask_when_a_caller_passes_a_tensor_and_none_a_number(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    def masked_rows(x, mask):
        keep = mask.bool()
        return x[keep]


    def narrowed(x, low):
        ok = x < low
        return x[ok & (x > 0)]


    def flagged(x, flags):
        keep = flags.bool()
        return x[keep]


    def counted(x, flags):
        keep = flags.bool()
        return x[keep]


    class M(nn.Module):
        def forward(self, x, flags):
            return masked_rows(x, x > 0), narrowed(x, x.mean()), flagged(x, flags > 0), flagged(x, load_flags()), \\
                counted(x, flags > 0), counted(x, 0)
    """)
    # `flagged` breaks in the call that passes the tensor it computes, whatever load_flags() returns; `counted` is
    # also passed an int
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL122"])] == [8, 13, 18]


def test_a_parameter_annotated_with_a_project_alias_is_what_every_caller_passes(tmp_path):
    types = """
    from typing import Union

    import torch

    Scalar = Union[float, torch.Tensor]
    """
    interval = """
    import torch
    from kinds_types import Scalar


    class Base:
        def __init__(self):
            self.ready = True


    class Interval(Base):
        def __init__(self, t0: Scalar = 0.0, t1: Scalar = 1.0, steps: Scalar = 4):
            super(Interval, self).__init__()
            if t0 > t1:
                raise ValueError("empty")
            if steps > 2:
                self.steps = steps


    @torch.compile
    def solve(ts):
        return Interval(t0=ts[0], t1=ts[-1]), Interval(ts[1], ts[2], 3)
    """
    assert _flagged_in_project(tmp_path, {"kinds_types.py": types, "interval.py": interval}) == [("interval.py", 14)]


def test_positional_arguments_before_unpacked_keywords_still_reach_the_parameters(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn


    def scaled(x, limit, scale=1.0):
        if x.sum() > limit:
            return x
        if scale > 1:
            return x * scale
        return x


    def shifted(x, limit):
        if x.sum() > limit:
            return x
        return x + 1


    class M(nn.Module):
        def forward(self, x, **options):
            y = scaled(torch.relu(x), x.max(), **options)
            parts = (torch.relu(x), x.max())
            return y + shifted(*parts)
    """)
    # `x` and `limit` of scaled are passed before `**options`; `scale` may come from it, so it is unknown;
    # nothing is known of what `*parts` passes to shifted
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL101"])] == [7]
