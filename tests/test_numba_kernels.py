"""Functions numba compiles, reached from compiled code (held-out group 83: rosa-torch's candidate kernels).

Measured on 2.13 with numba 0.68.1 (reachx-2026-11-30x.md §2): dynamo never traces the body of an `@njit` / `@jit` /
`@vectorize` function, and the call of one breaks on the calling line (GB0156 on the dispatcher, GB0006 on a
vectorize ufunc), cold or after numba compiled the kernel, with numpy arrays or Python numbers. So the kernels are
holes in the regions (nothing inside is reported), and CL153 reports the call, across files.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config
from compilelint.linter import parse_and_lint, read_source
from compilelint.regions import ProjectRegions
from tests.helpers import lint_paths

KERNELS = """
    import numba
    import numpy as np
    from numba import njit, vectorize


    def plain_step(parent, node):
        return int(parent[node])


    @njit(cache=True, nogil=True)
    def walk(parent, tokens):
        node = 0
        for i in range(tokens.shape[0]):
            node = plain_step(parent, node)
        return node


    @numba.jit(nopython=True)
    def count(table):
        return int(table.sum())


    @vectorize(["float64(float64)"])
    def squash(value):
        return value / (1.0 + abs(value))
"""

MODEL = """
    import numpy as np
    import torch
    from torch import nn

    from kernels import count, squash


    def plain_helper(x):
        return x + 1


    class Layer(nn.Module):
        def forward(self, x, parent, tokens):
            from kernels import walk

            node = walk(parent.numpy(), tokens.numpy())
            hits = count(x.detach().numpy())
            gate = squash(np.ones(2))
            return plain_helper(x) * node + hits
"""


def _write(tmp_path: Path):
    (tmp_path / "kernels.py").write_text(textwrap.dedent(KERNELS))
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL))
    return tmp_path / "kernels.py", tmp_path / "model.py"


def _facts(path: Path, module: str):
    return parse_and_lint(read_source(path, path.name)[0], module, False, ()).facts


def test_numba_kernels_are_not_compiled_regions(tmp_path):
    kernels, model = _write(tmp_path)
    regions = ProjectRegions([_facts(kernels, "kernels"), _facts(model, "model")])
    compiled = {qualname for _, qualname in regions.compiled}
    assert {"Layer.forward", "plain_helper"} <= compiled
    assert not {"walk", "count", "squash", "plain_step"} & compiled  # a kernel's callees are numba's too
    reached = {qualname for _, qualname in regions.reach([("model.py", "Layer.forward")])}
    assert {"walk", "count", "squash"} <= reached and "plain_step" not in reached


def test_the_calls_of_numba_kernels_are_reported_and_nothing_inside_them(tmp_path):
    kernels, model = _write(tmp_path)
    found = sorted((Path(f.path).name, f.start.row, f.code)
                   for f in lint_paths([kernels, model], config=Config(root=tmp_path)))
    assert found == [("model.py", 17, "CL153"), ("model.py", 18, "CL153"), ("model.py", 19, "CL153")]


def test_a_kernel_call_breaks_where_cl153_reports_it(tmp_path):
    """The proof under dynamo, where numba is installed (it is no dependency of the tests)."""
    pytest.importorskip("numba")
    from tests.helpers import run_under_dynamo

    case = Path(__file__).parent / "adversarial" / "cases" / "reachx_numba_kernels.py"
    result = run_under_dynamo([case], case.parent)[case]
    assert result["ok"], result.get("traceback")
    rows = {}
    for b in result["breaks"]:
        if Path(b["filename"]).name == case.name:
            rows.setdefault(b["row"], set()).add(b["gb_id"])
    flagged = {f.start.row for f in lint_paths([case], config=Config(root=case.parent))}
    assert set(rows) == flagged
    assert all(ids & {"GB0156", "GB0006"} for ids in rows.values())
