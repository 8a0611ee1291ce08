"""CL159 (a call into a library on dynamo's skip list): the spellings it reports and the look-alikes it leaves.
The rule's bad.py proves the break under dynamo with networkx (a dependency of torch, so always installed);
tqdm's break (GB0007 at `for _ in tqdm(range(...))`) was measured in held-out group 2's MEGABYTE-pytorch."""

from __future__ import annotations

from tests.helpers import lint_text

SPELLINGS = '''
import tqdm
import tqdm.auto
from tqdm import trange
from tqdm.auto import tqdm as progress

import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(8, 8)

    def forward(self, x):
        for _ in progress(range(2)):
            x = self.step(x)
        for _ in trange(2):
            x = self.step(x)
        for _ in tqdm.tqdm(range(2)):
            x = self.step(x)
        tqdm.auto.tqdm.write("done")
        return x
'''

LOOK_ALIKES = '''
import torch
from torch import nn


def tqdm(iterable):  # the project's own progress helper
    return iterable


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(8, 8)

    def forward(self, x, trange=range):
        for _ in tqdm(range(2)):
            x = self.step(x)
        for _ in trange(2):
            x = self.step(x)
        return x
'''

EAGER_LOOP = '''
import torch
from torch import nn
from tqdm import tqdm


class Step(nn.Module):
    def forward(self, x):
        return x * 2


def sample(x):
    step = torch.compile(Step())
    for _ in tqdm(range(2)):
        x = step(x)
    return x
'''


def _rows(tmp_path, text):
    return [f.start.row for f in lint_text(tmp_path, text, codes=["CL159"])]


def test_every_spelling_of_an_imported_progress_bar_is_flagged(tmp_path):
    lines = SPELLINGS.splitlines()
    assert _rows(tmp_path, SPELLINGS) == [i + 1 for i, line in enumerate(lines)
                                          if "progress(" in line or "trange(" in line or "tqdm." in line
                                          and "import" not in line]


def test_a_project_function_or_parameter_of_the_same_name_is_not_flagged(tmp_path):
    assert _rows(tmp_path, LOOK_ALIKES) == []


def test_a_progress_bar_around_a_compiled_step_is_eager_code(tmp_path):
    assert _rows(tmp_path, EAGER_LOOP) == []
