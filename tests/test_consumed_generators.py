"""A break inside a generator that all/any/sum/set/dict consumes is reported at the consumer's call too (GB8335),
proven under dynamo (tests/dynamo_cases/consumed_generators.py, run by the `examples_under_dynamo` fixture)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases"
CONSUMED = CASES / "consumed_generators.py"


def test_breaks_in_consumed_generators_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CONSUMED]))
    assert found == sorted(expected_lines(CONSUMED))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CONSUMED.resolve()], CONSUMED)


def test_the_consumer_finding_names_the_frame_skip_and_carries_no_fix():
    by_row = {f.start.row: f for f in lint_paths([CONSUMED])}
    rows = CONSUMED.read_text().splitlines()
    consumer = by_row[rows.index("    if not all(  # expect: CL102") + 1]
    assert "GB8335" in consumer.gb_types and "`all()` consumes" in consumer.message
    assert consumer.fix is None


def test_a_shadowed_consumer_or_a_generator_handed_to_another_call_is_not_reported_at_the_call(tmp_path):
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        def all(values):
            return values


        class M(nn.Module):
            def forward(self, xs):
                a = all(
                    x.sum().item() for x in xs)
                b = tuple(
                    x.sum().item() for x in xs)
                c = sum(
                    [x.sum().item() for x in xs])
                return a, b, c
        """)
    assert sorted(f.start.row for f in lint_text(tmp_path, text, codes=["CL111"])) == [12, 14, 16]


def test_a_pattern_that_does_not_break_is_not_reported_at_the_consumer(tmp_path):
    text = textwrap.dedent("""\
        import numpy as np
        from torch import nn


        class M(nn.Module):
            def forward(self, x):
                noise = sum(
                    np.random.normal(size=3) for _ in range(3))
                return x * noise
        """)
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL155"])] == [8]
