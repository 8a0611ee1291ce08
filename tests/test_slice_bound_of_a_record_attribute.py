"""CL114 on a slice bound read from a tensor attribute of a record class defined in another file, its base class
holding the tensor (ognn's `numd = octree.nnum[depth]; x[-numd:]`, `nnum` set by ocnn's `Octree.__init__`): the bound
is a tensor on project-wide facts only, as CL124 takes a size. Missed blind in held-out group 69 (ognn's GraphUpsample,
GraphDownsample, GraphOUNet's decoder: GB0124); proven under dynamo by
tests/adversarial/cases/h69_slice_by_record_count.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import tool_codes_enabled

BASE = """\
import torch


class Levels:
    def __init__(self, depth):
        self.nnum = torch.zeros(depth + 1, dtype=torch.long)
        self.names = ["level"] * (depth + 1)
"""

RECORD = """\
from pkg.base import Levels


class LevelsD(Levels):
    def total(self):
        return self.nnum.sum()
"""

MODEL = """\
import torch
from torch import nn

from pkg.record import LevelsD


class Readout(nn.Module):
    def forward(self, x: torch.Tensor, levels: LevelsD, depth: int):
        {body}
"""


def _lint(tmp_path: Path, body: str):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "base.py").write_text(BASE)
    (pkg / "record.py").write_text(RECORD)
    (pkg / "model.py").write_text(MODEL.replace("{body}", textwrap.indent(body, " " * 8).lstrip()))
    run = lint(sorted(pkg.glob("*.py")), Config(root=tmp_path), ["CL114"], tool_codes_enabled(()))
    return [f.start.row for f in run.findings if f.code == "CL114"]


@pytest.mark.parametrize("body", [
    "numd = levels.nnum[depth]\nreturn x[-numd:]",
    "return x[:levels.nnum[depth]]",
    "numd = levels.nnum[depth]\nreturn x[:-numd]",
])
def test_a_slice_bound_from_a_tensor_attribute_of_a_base_class_in_another_file_is_flagged(tmp_path, body):
    assert _lint(tmp_path, body) == [body.count("\n") + 9]


@pytest.mark.parametrize("body", [
    "numd = len(levels.names)\nreturn x[-numd:]",  # a Python list attribute of the same record
    "return x[:depth]",
    "return x[:x.shape[0] // 2]",
])
def test_a_slice_bound_from_python_values_stays_silent(tmp_path, body):
    assert _lint(tmp_path, body) == []


def test_a_slice_bound_from_a_compiled_roots_own_parameter_stays_silent(tmp_path):
    # `idx[:, -context_size:]` in a sampler compiled as a root: its callers pass an int as often as a tensor, and a
    # frame given up there would hide the loop's real break (held-out group 58, sagar_neuron_gpt2's generate)
    (tmp_path / "sampler.py").write_text(textwrap.dedent("""\
        import torch


        def generate(model, idx, max_new_tokens, context_size):
            for _ in range(max_new_tokens):
                logits = model(idx[:, -context_size:])[:, -1, :]
                idx = torch.cat((idx, logits.argmax(-1, keepdim=True)), dim=1)
            return idx
    """))
    config = Config(root=tmp_path, compiled_roots=("sampler:generate",))
    run = lint([tmp_path / "sampler.py"], config, ["CL114"], tool_codes_enabled(()))
    assert run.findings == []
