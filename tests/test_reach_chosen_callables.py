"""Reach through a local that a conditional expression binds to one of several callables: calling it may run
each branch (dynamo-proven in tests/dynamo_cases/reach_chosen_callables.py, whose variants run them all)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, found_lines, lint_paths, lint_text, marked_lines

CHOSEN = REPO / "tests" / "dynamo_cases" / "reach_chosen_callables.py"


def test_every_callable_a_conditional_expression_may_bind_is_reached():
    assert found_lines(lint_paths([CHOSEN])) == marked_lines([CHOSEN])


def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo):
    result = examples_under_dynamo[CHOSEN.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted({(b["filename"], b["row"]) for b in result["breaks"]})
    assert broken == sorted({(path, row) for path, row, _ in marked_lines([CHOSEN])})


def test_a_local_rebound_to_something_else_no_longer_calls_the_choices(tmp_path):
    text = """\
        from torch import nn

        def noisy(x):
            print(x)
            return x

        class Model(nn.Module):
            def forward(self, x, flag: bool):
                step = noisy if flag else noisy
                step = abs
                return step(x)
    """
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text))] == []
