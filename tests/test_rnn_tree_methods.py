"""CL143 on module methods that visit every submodule (`self.eval()`, `self.encoder.to(dtype)`) with an RNN module
below the receiver: missed in held-out 45 (seq2seq-pytorch model.py:447 and 467, `self.eval()` in greedy and beam
search, GRUs two levels down, set in `build()` rather than `__init__`). Proven under dynamo in
tests/dynamo_cases/rnn_tree_methods.py, rnn_tree_methods_submodule.py and rules/CL143-rnn-module/bad.py."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = [REPO / "tests" / "dynamo_cases" / name for name in ("rnn_tree_methods.py", "rnn_tree_methods_submodule.py")]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_tree_methods_are_flagged_on_exactly_the_marked_lines(path):
    assert sorted((f.start.row, f.code) for f in lint_paths([path])) == sorted(expected_lines(path))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(path, examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[path.resolve()], path)


def _rows(tmp_path, text):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))


def test_a_module_bound_in_another_method_is_followed_and_generators_are_not_flagged(tmp_path):
    text = """\
        import torch
        from torch import nn

        class Encoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.gru = nn.GRU(8, 8)

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.build()

            def build(self):
                self.encoder = Encoder()

            @torch.compile
            def search(self, x):
                dtype = next(self.parameters()).dtype
                self.eval()
                return x.to(dtype)
    """
    assert _rows(tmp_path, text) == [(20, "CL143")]


def test_an_attribute_also_bound_to_another_module_or_a_plain_value_is_not_known_to_hold_an_rnn(tmp_path):
    text = """\
        import torch
        from torch import nn

        class Model(nn.Module):
            def __init__(self, recurrent, memory):
                super().__init__()
                self.rnn = nn.GRU(8, 8) if recurrent else nn.Linear(8, 8)
                self.memory = None
                if memory:
                    self.memory = nn.LSTM(8, 8)

            @torch.compile
            def search(self, x):
                self.eval()
                return x
    """
    assert _rows(tmp_path, text) == []
