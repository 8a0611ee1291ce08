"""CL134 at an op inside a helper whose `generator=` parameter a compiled caller passes a torch.Generator it makes
(`randn_tensor(shape, generator=g)`): dynamo breaks at that op (GB0055), proven by the adversarial case
b9_diff_generator_noise. A generator the caller only hands on, None, or a parameter the helper rebinds first
decide nothing."""

from tests.helpers import lint_text

HELPER = """
import torch
from torch import nn


def randn_tensor(shape, generator=None):
    {rebind}return torch.randn(shape, generator=generator)


class Noise(nn.Module):
    def forward(self, x, generator=None):
        {made}
        return x + randn_tensor(x.shape, generator={passed})
"""


def _rows(tmp_path, made="", passed="g", rebind=""):
    text = HELPER.format(made=made or "pass", passed=passed, rebind=rebind)
    return sorted(f.start.row for f in lint_text(tmp_path, text, codes=["CL134"]))


def test_generator_made_by_a_compiled_caller_breaks_in_the_helper(tmp_path):
    assert _rows(tmp_path, made="g = torch.Generator().manual_seed(0)") == [7, 12]


def test_generator_made_inline_in_the_call(tmp_path):
    assert _rows(tmp_path, passed="torch.Generator()") == [7, 13]


def test_nothing_when_the_caller_hands_on_its_own_input(tmp_path):
    assert _rows(tmp_path, passed="generator") == []


def test_nothing_when_the_caller_passes_none(tmp_path):
    assert _rows(tmp_path, passed="None") == []


def test_nothing_when_the_helper_rebinds_the_parameter(tmp_path):
    assert _rows(tmp_path, made="g = torch.Generator()", rebind="generator = None\n    ") == [13]
