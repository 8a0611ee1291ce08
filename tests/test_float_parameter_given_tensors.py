"""A helper parameter annotated `float` that every compiled caller hands a tensor (audio-diffusion-pytorch's samplers:
`step(self, x, fn, sigma: float, sigma_next: float)` called with `sigma=sigmas[i]`): the annotation says what the
author meant, the callers what dynamo traces. CL113 (`sqrt(sigma_next ** 2 - ...)`) and CL101 (`if sigma_next != 0`)
now hold on those callers' facts. Missed blind in held-out group 71 (GB0033 x5, GB0170); proven under dynamo by
tests/adversarial/cases/h71_sampler_float_sigma.py. An entry point's own `float` input stays a float."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import tool_codes_enabled

SAMPLER = """\
from math import sqrt

import torch
from torch import nn


class Sampler(nn.Module):
    def step(self, x, sigma{annotation}, sigma_next{annotation}):
        sigma_up = sqrt(sigma_next ** 2 * (sigma ** 2 - sigma_next ** 2) / sigma ** 2)
        if sigma_next != 0:
            x = x * 2
        return x + sigma_up

    def forward(self, noise, num_steps: int):
        sigmas = {schedule}
        x = noise
        for i in range(num_steps - 1):
            x = self.step(x, sigma=sigmas[i], sigma_next=sigmas[i + 1])
        return x
"""


def _lint(tmp_path: Path, text: str, roots=()):
    path = tmp_path / "sampler.py"
    path.write_text(textwrap.dedent(text))
    run = lint([path], Config(root=tmp_path, compiled_roots=roots), ["CL101", "CL113"], tool_codes_enabled(()))
    return sorted((f.start.row, f.code) for f in run.findings)


@pytest.mark.parametrize("annotation", [": float", ""])
def test_noise_levels_taken_from_a_schedule_tensor_are_tensors_in_the_step(tmp_path, annotation):
    text = SAMPLER.format(annotation=annotation, schedule="torch.linspace(1.0, 0.1, num_steps)")
    assert _lint(tmp_path, text) == [(9, "CL113"), (10, "CL101")]


def test_noise_levels_taken_from_a_python_list_stay_floats(tmp_path):
    text = SAMPLER.format(annotation=": float", schedule="[1.0 / (k + 1) for k in range(num_steps)]")
    assert _lint(tmp_path, text) == []


def test_a_compiled_entry_points_own_float_input_stays_a_float(tmp_path):
    text = """\
        import math

        import torch
        from torch import nn


        class Scaled(nn.Module):
            def forward(self, x, scale: float):
                return x * math.sqrt(scale * 2)


        @torch.compile
        def entry(x, scale: float):
            if scale != 0:
                x = x * math.log(scale + 1.0)
            return x


        def sample(model, noise, temperature: float):
            return model(noise) * math.exp(temperature * 0.5)
    """
    assert _lint(tmp_path, text, roots=("sampler:sample",)) == []
