"""CL114 on a Python list indexed by a helper's result that is a tensor wherever the helper's callers pass one
(a scheduler's `step_sizes[self.index_for_timestep(t)]`, the index found with `argmax` on the schedule): proven
under dynamo by tests/adversarial/cases/b11_diff_step_sizes_list.py (GB0124), missed blind in batch 11."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import lint_text

SCHEDULER = """\
import torch
from torch import nn


class Scheduler:
    def __init__(self):
        sigmas = torch.linspace(1.0, 0.0, 5)
        self.timesteps = sigmas[:-1] * 1000
        self.step_sizes = [0.1, 0.2, 0.3, 0.4]

    def index_for(self, timestep):
        return (self.timesteps == timestep).int().argmax()

    def step(self, out, timestep, sample):
        {body}
        return sample + self.step_sizes[i] * out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = Scheduler()

    def forward(self, x, t):
        return self.scheduler.step(x * 2, {argument}, x)
"""


@pytest.mark.parametrize("body, argument, flagged", [
    ("i = self.index_for(timestep)", "t", True),  # a forward's input reaches the lookup through two calls
    ("i = self.index_for(timestep)", "t.mean()", True),
    ("i = timestep", "t", False),  # a parameter: its callers pass ints as often as tensors
    ("i = len(self.step_sizes) - 1", "t", False),
])
def test_a_list_indexed_by_a_helper_result_is_flagged_where_the_helper_returns_a_tensor(tmp_path, body, argument,
                                                                                        flagged):
    text = SCHEDULER.replace("{body}", body).replace("{argument}", argument)
    rows = [f.start.row for f in lint_text(tmp_path, textwrap.dedent(text), codes=["CL114"])]
    assert rows == ([16] if flagged else [])


def test_a_helper_result_from_plain_numbers_stays_silent(tmp_path):
    text = textwrap.dedent("""\
        from torch import nn


        def pick(n):
            return n // 2


        class M(nn.Module):
            def __init__(self):
                super().__init__()
                self.scales = [1.0, 2.0, 3.0]

            def forward(self, x):
                i = pick(len(self.scales))
                return x * self.scales[i]
        """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL114"])] == []
