"""Side-effect and unsupported-construct families (CL131-CL155) beyond the catalogue: look-alikes that
compile are never flagged, and further spellings are flagged exactly where dynamo breaks.

The case files run under dynamo in the catalogue's child process (the `examples_under_dynamo` fixture).
Recompilation rules (CL2xx) are left out of the zero-finding checks: growing `self.cache` compiles without
a break but does recompile, which is theirs to report.
"""

from __future__ import annotations

import textwrap

import pytest

from compilelint.registry import all_rules
from tests.helpers import REPO, expected_lines, first_break_ids, lint_paths, lint_text, predicted_ids

CASES = REPO / "tests" / "dynamo_cases"
MUST_NOT_FLAG = CASES / "effects_must_not_flag.py"
FLAGGED = CASES / "effects_flagged.py"
BREAK_CODES = [c for c in all_rules() if not c.startswith("CL2")]


def test_look_alikes_are_not_flagged():
    assert [f"{f.code}:{f.start.row}" for f in lint_paths([MUST_NOT_FLAG], BREAK_CODES)] == []


def test_look_alikes_compile_in_one_graph_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[MUST_NOT_FLAG.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1
    assert result["frames_ok"] == result["frames_total"]


def test_extra_spellings_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([FLAGGED], BREAK_CODES))
    assert found == sorted(expected_lines(FLAGGED))


def test_extra_spellings_break_where_marked_with_a_predicted_id(examples_under_dynamo):
    result = examples_under_dynamo[FLAGGED.resolve()]
    assert result["ok"], result.get("traceback")
    first_ids = first_break_ids(result, FLAGGED)
    marked = {row for row, _ in expected_lines(FLAGGED)}
    assert set(first_ids) <= marked, f"unmarked lines break: {sorted(set(first_ids) - marked)}"
    for row, code in expected_lines(FLAGGED):
        assert first_ids.get(row, set()) & predicted_ids(code), f"line {row} ({code}): dynamo said {first_ids.get(row)}"


def _findings(tmp_path, text: str):
    return [f"{f.code}:{f.start.row}" for f in lint_text(tmp_path, textwrap.dedent(text), codes=BREAK_CODES)]


@pytest.mark.parametrize("text", [
    # side effects outside compiled code: __init__, module level, helpers nothing compiled calls
    """
    import pdb, random, sys, time
    import torch
    from torch import nn

    print("module level")
    START = time.time()

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            print("init")
            self.seed = random.random()
            self.rnn = nn.LSTM(8, 8)
            torch.manual_seed(0)

        def forward(self, x):
            return x * 2

    def report(model, x):
        sys.stdout.write(repr(model(x)))
        pdb.set_trace()
        return open("log.txt").read()
    """,
    # names that only look like the patterns
    """
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x, time, random):
            start = time.time()
            hashed = hash("name") + hash(tuple(x.shape))
            text = str(x.shape) + repr(x.dtype) + f"{x.shape[0]:>10}" + f"{x.shape!r}"
            ordered = sorted([x.shape[0], x.shape[1]])
            rows = sorted([x, x[:1]], key=lambda t: t.shape[0])
            return x * random.random() + start
    """,
    # modules and tensors handled natively
    """
    import copy
    import torch
    from torch import nn

    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.cell = nn.LSTMCell(8, 8)
            self.cfg = {"scale": 2.0}

        def forward(self, x):
            h, c = self.cell(x)
            cfg = copy.deepcopy(self.cfg)
            h = h.detach().requires_grad_(False)
            self.cell.requires_grad_(False)
            y = torch.zeros(8, requires_grad=False) + nn.Dropout(0.1)(h)
            if torch.compiler.is_compiling():
                return y * cfg["scale"]
            print(y)
            return y
    """,
])
def test_look_alikes_and_uncompiled_code_are_not_flagged(tmp_path, text):
    assert _findings(tmp_path, text) == []


def test_a_conversion_of_a_non_tensor_in_an_fstring_is_not_flagged_but_of_a_tensor_is(tmp_path):
    text = """
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x):
            a = f"{x.shape!r} {x.dtype!s}"
            b = f"{x!r}"
            return x
    """
    assert _findings(tmp_path, text) == ["CL137:8"]


def test_pdb_and_torch_io_spellings_are_flagged(tmp_path):
    # not run under dynamo: pdb would wait for a debugger command (GB0007 was measured with a stub Pdb)
    text = """
    import pdb
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x):
            pdb.set_trace()
            state = torch.load("w.pt")
            return x + state
    """
    assert _findings(tmp_path, text) == ["CL136:8", "CL135:9"]


def test_hash_stored_alone_is_left_to_the_line_that_uses_it(tmp_path):
    text = """
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x):
            key = hash(x)
            return x + hash(x) % 3
    """
    assert _findings(tmp_path, text) == ["CL138:8"]


def test_numpy_file_functions_are_flagged_in_the_graph_and_not_at_construction(tmp_path):
    # dynamo-proven in CL135's bad.py (np.save, np.load: GB0294); `with np.load(...)` also skips the frame
    text = """
    import numpy as np
    import torch
    from torch import nn

    class M(nn.Module):
        def __init__(self, path):
            super().__init__()
            self.filters = torch.from_numpy(np.load(path))

        def forward(self, x, path):
            with np.load(path) as f:
                bank = torch.from_numpy(f["mel_80"])
            return x * np.sqrt(x.shape[-1]) + bank.sum() + self.filters.sum()
    """
    findings = lint_text(tmp_path, textwrap.dedent(text), codes=["CL135"])
    assert [f"{f.code}:{f.start.row}" for f in findings] == ["CL135:12"]
    assert "`numpy.load()`" in findings[0].message and "whole frame" in findings[0].message


def test_path_queries_of_the_file_system_are_flagged_on_their_own_line(tmp_path):
    # measured on 2.13: resolve (os.lstat), exists / is_file / is_dir / stat (os.stat) break with GB0007 where called;
    # Path(...), .parent, `/`, absolute() and the lazy iterdir() compile. Proven in CL135's bad.py (`exists`)
    text = """
    import pathlib
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x):
            here = pathlib.Path(__file__).parent.absolute()
            names = pathlib.Path(__file__).iterdir()
            if pathlib.Path(__file__).parent.parent.is_dir():
                x = x + 1
            basis = torch.load(
                pathlib.Path(__file__).parent.resolve() / "basis.pt",
                weights_only=True,
            )
            return x + basis
    """
    assert _findings(tmp_path, text) == ["CL135:10", "CL135:12", "CL135:13"]


def test_in_a_try_block_a_call_whose_argument_breaks_first_is_left_to_the_argument(tmp_path):
    # ezgatr's basis loader (held-out group 82): dynamo gives up on the frame at `resolve()` (line 65 there), so the
    # `torch.load` around it is never traced; outside a `try` both break (the test above)
    text = """
    import pathlib
    import torch

    _CACHE = {}

    def load_basis(kind):
        try:
            return _CACHE[kind]
        except KeyError:
            _CACHE[kind] = torch.load(
                pathlib.Path(__file__).parent.resolve() / f"{kind}.pt",
                weights_only=True,
            )
        return _CACHE[kind]

    @torch.compile
    def product(x):
        return load_basis("gp") @ x
    """
    assert _findings(tmp_path, text) == ["CL135:12"]
