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


PACKING = '''
import torch
import torch.nn.utils.rnn as rnn_utils
from torch import nn
from torch.nn.utils import rnn
from torch.nn.utils.rnn import pack_sequence, pad_sequence, unpad_sequence


class Tagger(nn.Module):
    def forward(self, x, lengths):
        packed = rnn_utils.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        padded, _ = rnn.pad_packed_sequence(packed, batch_first=True)
        again = pack_sequence([x[0], x[1, :3]], enforce_sorted=False)
        rows = torch.nn.utils.rnn.unpack_sequence(again)
        parts = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        return padded, rows, parts, pad_sequence([x[0], x[1, :3]]), unpad_sequence(x, lengths, batch_first=True)
'''

PACKING_LOOK_ALIKES = '''
import torch
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence


def pack_sequence(rows):  # the project's own
    return torch.cat(rows)


class Tagger(nn.Module):
    def forward(self, x):
        return pack_sequence([x, x])


def pack_outside(model, x, lengths):  # eager code: packed before the compiled model sees it
    return model(pack_padded_sequence(x, lengths, batch_first=True))
'''


def test_torch_sequence_packing_is_flagged_in_every_spelling_and_padding_is_not(tmp_path):
    lines = PACKING.splitlines()
    assert _rows(tmp_path, PACKING) == [i + 1 for i, line in enumerate(lines)
                                        if "pack" in line and "(" in line and "import" not in line
                                        and "pad_sequence([" not in line]


def test_a_project_function_named_like_a_packing_helper_or_packing_in_eager_code_is_not_flagged(tmp_path):
    assert _rows(tmp_path, PACKING_LOOK_ALIKES) == []


THREADS = '''
import os

import torch
from torch import get_num_threads, nn


class Interpolation(nn.Module):
    def forward(self, x, workers=None):
        forks = torch.get_num_threads()
        interop = torch.get_num_interop_threads()
        if workers is None:
            workers = get_num_threads()
        cpus = os.cpu_count()
        return x * forks * interop * workers * cpus


def pinned_eager(model, x):  # eager code: the setting is made before the compiled model runs
    torch.set_num_threads(2)
    return model(x)
'''


def test_torch_thread_queries_are_flagged_with_their_break_id_only_in_compiled_code(tmp_path):
    found = [(f.start.row, f.gb_types) for f in lint_text(tmp_path, THREADS, codes=["CL159"])]
    assert found == [(10, ("GB0208",)), (11, ("GB0208",)), (13, ("GB0208",))]
