"""CL307: a CUDA-graph compiled callable called in a loop with a slice whose length follows the loop."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

LOOP = """
    import torch

    step = torch.compile(lambda t: t * 2, mode={mode!r})
    model = Net()
    model.compile(mode="max-autotune")


    def run(x):
        for i in range(1, 16):
            {call}
    """


def flagged(tmp_path, call, mode="reduce-overhead"):
    text = textwrap.dedent(LOOP).format(mode=mode, call=call)
    return [f.start.row for f in lint_text(tmp_path, text, codes=["CL307"])]


def test_lengths_that_follow_the_loop(tmp_path):
    for call in ("step(x[:i])", "step(x[:, :i + 1])", "step(x[i:])", "model(x[:, : i * 2])"):
        assert flagged(tmp_path, call) == [11], call


def test_shapes_that_stay(tmp_path):
    for call in ("step(x[i:i + 8])", "step(x[:8])", "step(x[i])", "step(x[:, :n])"):
        assert flagged(tmp_path, call) == [], call


def test_only_cuda_graph_modes(tmp_path):
    assert flagged(tmp_path, "step(x[:i])", mode="default") == []
    assert flagged(tmp_path, "step(x[:i])", mode="max-autotune-no-cudagraphs") == []
