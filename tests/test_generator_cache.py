"""CL134 on a torch.Generator kept in a module-level dict (slm388-torchdiff's `_GENERATOR_CACHE[dev]`, one per
device, reseeded by key on every call): the item read back is a Generator, so its `manual_seed` (GB7650) and every op
given it (GB0055) break as a local one's do. Missed blind in held-out group 71 (8 breaks); proven under dynamo by
tests/adversarial/cases/h71_generator_cache.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import tool_codes_enabled

CORRUPT = """\
import torch
from torch import nn

{cache}


def corrupt(key, ids, gen=None):
    if gen is None:
        dev = ids.device
        {fill}
        gen = _CACHE[dev]
    gen.manual_seed(key)
    probs = torch.rand(ids.shape, generator=gen)
    return torch.where(probs < 0.5, 0, ids)


class Corrupter(nn.Module):
    def forward(self, ids):
        return corrupt(3, ids)
"""


def _lint(tmp_path: Path, cache: str, fill: str):
    path = tmp_path / "corrupt.py"
    path.write_text(CORRUPT.format(cache=cache, fill=fill))
    run = lint([path], Config(root=tmp_path), ["CL134"], tool_codes_enabled(()))
    return [f.start.row for f in run.findings]


@pytest.mark.parametrize("cache", ["_CACHE: dict = {}", "_CACHE = {}"])
def test_a_generator_read_from_a_module_level_cache_breaks_where_it_is_used(tmp_path, cache):
    fill = "if dev not in _CACHE: _CACHE[dev] = torch.Generator(device=dev)"
    assert _lint(tmp_path, cache, fill) == [10, 12, 13]


def test_a_module_level_dict_of_numbers_is_no_generator(tmp_path):
    text = CORRUPT.replace("gen.manual_seed(key)", "pass")
    path = tmp_path / "corrupt.py"
    path.write_text(text.format(cache="_CACHE = {'cpu': 0.5}", fill="pass"))
    run = lint([path], Config(root=tmp_path), ["CL134"], tool_codes_enabled(()))
    assert run.findings == []
