"""CL124 reads callers' facts as CL113 does (tests/test_callers_computed_facts.py): a size formula resting only on a
helper's own parameters is a tensor only where compiled code passes one, not where an entry point's own input, only
assumed a tensor, is handed on (`torch.zeros(nfe // 3)` in a solver step a compiled sampler hands its step count, a
Python int: dynamo compiles it, tests/adversarial/cases/fixesv_root_int_size.py). A tensor the callers compute and a
size that calls a tensor method (`v.max()`) stay tensors, and so does a parameter the function also uses as a tensor
(subscripted, a method or attribute read, handed to a torch op or a helper): there the entry point's input is a tensor
(measured on 2.13: benchmarks/results/fixesw-probes/size_tensor_use.py; fixesv's first version took every handed-on
input for an int and broke tests/test_asserted_not_tensors.py and tests/test_entry_inputs_used_as_sizes.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import tool_codes_enabled


def _lint(tmp_path: Path, text: str, roots=()):
    path = tmp_path / "sampling.py"
    path.write_text(textwrap.dedent(text))
    run = lint([path], Config(root=tmp_path, compiled_roots=roots), ["CL124"], tool_codes_enabled(()))
    return sorted((f.start.row, f.code) for f in run.findings)


SOLVER = """\
    import torch


    def fast(x, nfe):
        steps = torch.zeros(nfe // 3)
        return x + steps.sum()


    def spread(x, v):
        return x + torch.zeros(v.max()).sum()


    def sample_fast(x, n):
        return fast(x, n) + spread(x, n)


    def sample_counted(x: torch.Tensor):
        return fast(x, x.sum()) + spread(x, x)
"""


def test_a_roots_bare_input_handed_on_proves_no_tensor_size(tmp_path):
    assert _lint(tmp_path, SOLVER, roots=("sampling:sample_fast",)) == [(10, "CL124")]


def test_a_tensor_every_caller_computes_sizes_with_a_tensor(tmp_path):
    found = _lint(tmp_path, SOLVER.replace("fast(x, n) + ", ""), roots=("sampling:sample_fast", "sampling:sample_counted"))
    assert found == [(5, "CL124"), (10, "CL124")]



TENSOR_USES = """\
    import torch


    def fast(x, nfe):
        steps = torch.zeros(nfe // 3)
        return x + steps.sum() + {use}


    def sample_fast(x, n):
        return fast(x, n)
"""


def test_a_parameter_the_function_uses_as_a_tensor_keeps_the_entrys_input_a_tensor(tmp_path):
    for use in ("nfe.sum()", "nfe[0]", "torch.exp(nfe)", "helper(nfe)", "nfe.shape[0]"):
        found = _lint(tmp_path, TENSOR_USES.replace("{use}", use), roots=("sampling:sample_fast",))
        assert found == [(5, "CL124")], use


def test_number_uses_leave_it_an_int(tmp_path):
    for use in ("int(nfe)", "len(range(nfe))", "nfe * 2", "(nfe > 3)", "x.new_zeros(nfe).sum()"):
        assert _lint(tmp_path, TENSOR_USES.replace("{use}", use), roots=("sampling:sample_fast",)) == [], use
