"""Callers' facts that CL113 and CL101 read are what the callers compute, not inputs only assumed tensors.

`math.floor(nfe / 3)` in a helper of a compiled root (k-diffusion's DPM-Solver, held-out group 12, whose target passes
`n=4`) was flagged because the root's bare input was assumed a tensor and handed on: now own-parameter formulas hold
only where compiled code passes a tensor (summaries "passed"), an entry point's own input not counted; a forward's
inputs still count, and `math.sqrt(x.var())` calls a tensor method and stays a tensor. A `float`-annotated helper parameter is a float
for every other check (CL133's `mask_ratio + random.uniform(...)`, mmpretrain's MixMIM, held-out group 40), and a
tensor for CL113 and CL101 only where the callers compute one (a sampler's step handed `sigmas[i]`, group 71)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import tool_codes_enabled


def _lint(tmp_path: Path, text: str, codes, roots=()):
    path = tmp_path / "sampling.py"
    path.write_text(textwrap.dedent(text))
    run = lint([path], Config(root=tmp_path, compiled_roots=roots), list(codes), tool_codes_enabled(()))
    return sorted((f.start.row, f.code) for f in run.findings)


SOLVER = """\
    import math

    import torch


    def fast(x, nfe):
        m = math.floor(nfe / 3) + 1
        return x * m


    def spread(x, v):
        return x * math.sqrt(v.var())


    def sample_fast(x, n):
        return fast(x, n) + spread(x, n)


    def sample_counted(x: torch.Tensor):
        return fast(x, x.sum()) + spread(x, x)
"""


def test_a_roots_bare_input_handed_on_proves_no_tensor_in_math(tmp_path):
    assert _lint(tmp_path, SOLVER, ["CL113"], roots=("sampling:sample_fast",)) == [(12, "CL113")]


def test_a_tensor_every_caller_computes_is_one_in_math(tmp_path):
    found = _lint(tmp_path, SOLVER.replace("fast(x, n) + ", ""), ["CL113"],
                  roots=("sampling:sample_fast", "sampling:sample_counted"))
    assert found == [(7, "CL113"), (12, "CL113")]


SCHEDULE = """\
    import math

    from torch import nn


    class CosineSchedule:
        def alpha_bar(self, t):
            return math.cos(t / 1000 * math.pi / 2) ** 2


    class Noising(nn.Module):
        def __init__(self):
            super().__init__()
            self.schedule = CosineSchedule()

        def forward(self, x, t):
            return x * self.schedule.alpha_bar(t)
"""


def test_a_forward_input_handed_on_is_a_tensor_in_math(tmp_path):
    assert _lint(tmp_path, SCHEDULE, ["CL113"]) == [(8, "CL113")]


MASKING = """\
    import random

    import torch
    from torch import nn


    class MixMIM(nn.Module):
        range_mask_ratio = 0.1

        def random_masking(self, x: torch.Tensor, mask_ratio: float = 0.5):
            mask_ratio = mask_ratio + random.uniform(0.0, self.range_mask_ratio)
            return x * mask_ratio

        def forward(self, x):
            return self.random_masking(x, 0.75)
"""


def test_a_float_parameter_stays_a_float_for_other_checks(tmp_path):
    assert _lint(tmp_path, MASKING, ["CL133"]) == [(11, "CL133")]


STEPS = """\
    from math import sqrt

    import torch
    from torch import nn


    class Sampler(nn.Module):
        def get_sigmas(self, sigma: float, sigma_next: float):
            return sqrt(sigma_next ** 2 * (sigma ** 2 - sigma_next ** 2) / sigma ** 2)

        def step(self, x, sigma: float, sigma_next: float):
            if sigma_next != 0:
                x = x * 2
            return x + self.get_sigmas(sigma, sigma_next)

        def forward(self, noise, sigmas: torch.Tensor):
            return self.step(noise, sigmas[0] * 1.0, sigmas[1] * 1.0)
"""


def test_a_float_parameter_handed_on_is_what_the_first_caller_computed(tmp_path):
    assert _lint(tmp_path, STEPS, ["CL101", "CL113"]) == [(9, "CL113"), (12, "CL101")]


def test_a_float_parameter_given_floats_stays_a_float(tmp_path):
    assert _lint(tmp_path, STEPS.replace("sigmas[0] * 1.0, sigmas[1] * 1.0", "1.0, 0.5"), ["CL101", "CL113"]) == []
