"""Special methods Python calls for the compiled code: `len(obj)` runs the object's `__len__`, `with Cls(...):` its
`__enter__` and `__exit__`, all inlined by dynamo, so their breaks are the compiled code's. A context object made
outside the compiled region (`with self.timer:`) dynamo cannot enter at all (GB0142): its methods never run. Proven
under dynamo by tests/adversarial/cases/b14_hf_cache_len_dunder.py, b14_hf_enter_profiler_timer.py and
b14_timm_stored_context_object.py; a truth test (`if obj:`) runs `__bool__` or `__len__`, proven by
b16_py_bool_protocol_detections.py and b16_quiet_py_bool_protocol_python.py; `o += v` runs `__iadd__(v)`, proven by
b17_py_iadd_dunder_meter.py, and a list indexed by an object runs its `__index__`, proven by b17_py_index_dunder_step.py
and b17_quiet_py_index_dunder_python.py."""

from __future__ import annotations

from tests.helpers import lint_text

HEADER = """import time
import torch
from torch import nn


class Seen:
    def __init__(self):
        self.count = torch.zeros((), dtype=torch.long)

    def __len__(self):
        return int(self.count)


class Timer:
    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        print("block done")
        return False


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.seen = Seen()
        self.timer = Timer()

"""
LEN_ROW, ENTER_ROW, EXIT_ROW = 11, 16, 20


def _found(tmp_path, forward: str):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, HEADER + forward, codes=["CL111", "CL131",
                                                                                           "CL132"]))


def test_len_and_a_context_object_made_in_forward_run_their_special_methods_compiled(tmp_path):
    forward = """    def forward(self, x):
        with Timer():
            x = x + len(self.seen)
        return x
"""
    assert _found(tmp_path, forward) == [(LEN_ROW, "CL111"), (ENTER_ROW, "CL132"), (EXIT_ROW, "CL131")]


def test_a_context_object_made_outside_and_special_methods_never_called_are_not_reached(tmp_path):
    forward = """    def forward(self, x):
        with self.timer:
            x = x + 1
        return x * len([x, x])

    def summary(self):
        return len(self.seen)
"""
    assert _found(tmp_path, forward) == []


def test_a_truth_test_of_an_object_runs_its_len_compiled(tmp_path):
    """`if self.seen:` / `while not obj:` ask the object's `__bool__`, else its `__len__` (dynamo inlines either:
    b16_py_bool_protocol_detections breaks inside `__bool__`, b16_quiet_py_bool_protocol_python compiles)."""
    forward = """    def forward(self, x):
        if self.seen and x.dim() == 2:
            x = x + 1
        return x
"""
    assert _found(tmp_path, forward) == [(LEN_ROW, "CL111")]


def test_a_truth_test_of_a_comparison_or_a_call_is_not_a_protocol_call(tmp_path):
    forward = """    def forward(self, x):
        if self.seen is not None and x.dim() == 2:
            x = x + 1
        return x
"""
    assert _found(tmp_path, forward) == []


METER = """import torch
from torch import nn


class Meter:
    def __init__(self):
        self.total = 0.0
        self.step = torch.zeros((), dtype=torch.long)

    def __iadd__(self, value):
        self.total += float(value)
        return self

    def __index__(self):
        return int(self.step)


class Plain:
    def __init__(self):
        self.total = 0

    def __iadd__(self, value):
        self.total = self.total + value
        return self

    def __index__(self):
        return self.total


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.meter = Meter()
        self.plain = Plain()
        self.count = 0
        self.scales = [1.0, 0.5]

"""
IADD_ROW, INDEX_ROW = 11, 15


def _found_meter(tmp_path, forward: str):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, METER + forward, codes=["CL111"]))


def test_an_augmented_assignment_runs_the_objects_inplace_method_with_the_value(tmp_path):
    """`self.meter += loss` calls `Meter.__iadd__(loss)`, whose `float(value)` breaks (b17_py_iadd_dunder_meter)."""
    forward = """    def forward(self, x):
        self.meter += x.mean()
        return x
"""
    assert _found_meter(tmp_path, forward) == [(IADD_ROW, "CL111")]


def test_augmented_assignments_of_numbers_and_of_objects_keeping_python_values_are_quiet(tmp_path):
    forward = """    def forward(self, x):
        self.count += 1
        self.plain += 2
        y = x
        y += x.mean()
        return y
"""
    assert _found_meter(tmp_path, forward) == []


def test_a_list_indexed_by_an_object_runs_its_index_method(tmp_path):
    """`self.scales[self.meter]` calls `Meter.__index__`, whose `int(self.step)` breaks (b17_py_index_dunder_step);
    an object whose `__index__` returns a Python int compiles (b17_quiet_py_index_dunder_python)."""
    forward = """    def forward(self, x):
        return x * self.scales[self.meter] * self.scales[self.plain] * self.scales[self.count]
"""
    assert _found_meter(tmp_path, forward) == [(INDEX_ROW, "CL111")]
