"""An item of the tuple a project function returns, taken by a constant index (`moments(x)[1]`, `sized(x)[-1]`,
`self.spread(x)[0]`), has the kind the function returns at that position (the per-position summary unpacking uses),
whatever the tuple's length. Proven under dynamo in tests/dynamo_cases/indexed_items.py."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, found_lines, lint_paths, lint_text, marked_lines

CASES = REPO / "tests" / "dynamo_cases" / "indexed_items.py"
HELPERS = REPO / "tests" / "dynamo_cases" / "stored_helpers" / "windows.py"


def test_indexed_items_are_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([CASES, HELPERS])) == marked_lines([CASES, HELPERS])


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_an_index_some_return_lacks_or_a_list_stays_unknown(tmp_path):
    text = """import torch


@torch.compile
def f(x):
    if short_or_long(x)[2] > 0:
        x = x * 2
    if listed(x)[0] > 0:
        x = x / 2
    return x


def short_or_long(x):
    if x.shape[0] > 2:
        return x.mean(), x.std(), x.amax()
    return x.mean(), x.std()


def listed(x):
    return [x.mean(), x.std()]
"""
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text)] == []


def test_an_item_of_a_helper_walked_already_is_known_in_the_file(tmp_path):
    text = """import torch


def stats(x):
    return x.shape[0], x.abs().amax()


@torch.compile
def f(x):
    if stats(x)[1] > 1:
        x = x / 2
    if stats(x)[0] > 1:
        x = x * 2
    return x
"""
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text)] == [(10, "CL101")]
