"""Held-out group 94's misses (rl4co, LinSATNet). A local bound by an if/elif chain to one of several functions, then
called, runs any of them: each is compiled with the caller (LinSATNet's `kernel = linsat_kernel_grouped_dense_v2`
... `kernel(x, ...)`). And CL181: a torch call whose `out=` is an empty tensor made on the spot breaks (GB0247).
Proven under dynamo by tests/adversarial/cases/h94_constraint_kernel_dispatch.py and rules/CL181-out-empty-tensor."""

from __future__ import annotations

from tests.helpers import lint_text


def _rows(tmp_path, text, codes):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, text, codes=codes))


KERNELS = """
import torch


def dense(x):
    if torch.all(x < 1):
        return x
    return x / 2


def sparse(x):
    if torch.any(x > 3):
        return x
    return x * 2


def layer(x, is_sparse):
    {binding}
    return kernel(x)


class M(torch.nn.Module):
    def forward(self, x):
        return layer(x, False)
"""


def test_a_local_an_if_elif_chain_binds_to_functions_runs_each(tmp_path):
    binding = "if is_sparse:\n        kernel = sparse\n    elif x.dim() == 2:\n        kernel = dense\n" \
              "    else:\n        raise ValueError(x.dim())"
    assert _rows(tmp_path, KERNELS.format(binding=binding), ["CL101"]) == [(6, "CL101"), (12, "CL101")]


def test_a_local_bound_once_runs_that_function_only(tmp_path):
    assert _rows(tmp_path, KERNELS.format(binding="kernel = dense"), ["CL101"]) == [(6, "CL101")]


def test_a_local_one_branch_binds_to_a_call_result_is_no_known_callable(tmp_path):
    # `kernel = make()` may hold anything: no alternative is taken for the other branch either
    binding = "if is_sparse:\n        kernel = sparse\n    else:\n        kernel = torch.nn.Identity()"
    assert _rows(tmp_path, KERNELS.format(binding=binding), ["CL101"]) == []


def test_out_given_an_empty_tensor_made_on_the_spot(tmp_path):
    assert _rows(tmp_path, """
import torch


class M(torch.nn.Module):
    def forward(self, pi, d):
        a = torch.arange(pi.size(1), out=pi.data.new())
        b = torch.randperm(4, out=pi.new_zeros((0,)))
        c = torch.cat([d, d], out=torch.empty([0]))
        e = torch.arange(3, out=torch.cuda.LongTensor())
        return a, b, c, e
""", ["CL181"]) == [(7, "CL181"), (8, "CL181"), (9, "CL181"), (10, "CL181")]


def test_out_of_the_results_shape_or_outside_torch_is_quiet(tmp_path):
    assert _rows(tmp_path, """
import numpy as np
import torch


class M(torch.nn.Module):
    def forward(self, pi, d):
        a = torch.arange(pi.size(1), out=pi.new(pi.size(1)))
        b = torch.arange(4, out=torch.empty(4, dtype=torch.long))
        c = np.add(d.numpy(), 1, out=np.empty(0))
        e = torch.arange(4, out=torch.LongTensor(4))
        return a, b, c, e
""", ["CL181"]) == []
