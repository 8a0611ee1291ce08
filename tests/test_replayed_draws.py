"""`random.randint` / `randrange` / `uniform` in compiled code: dynamo replays the draw as a 0-d tensor of the graph,
so reading it as a Python number breaks (a slice bound, a condition, a size), while tensor arithmetic with it
compiles, and past a graph break it is the Python number it is. Proven under dynamo in
tests/dynamo_cases/replayed_draws.py (routing_transformer's truncate_sequence, missed in held-out 16)."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, class_body_codes, expected_lines, lint_paths

DRAWS = REPO / "tests" / "dynamo_cases" / "replayed_draws.py"


def test_reads_of_replayed_draws_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([DRAWS]))
    assert found == sorted(expected_lines(DRAWS))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[DRAWS.resolve()], DRAWS)


IMPORTS = "import math\nimport random\nfrom random import randint\n\nimport torch\nfrom torch import nn\n"


@pytest.mark.parametrize("body, codes", [
    ("n = randint(1, 4)\nreturn x[:n]", ["CL114"]),
    ("n = random.randint(1, 4)\nn = 3\nreturn x[:n]", []),  # rebound to a number
    ("n = random.randint(1, 4)\nprint(n)\nreturn x[:n]", ["CL131"]),  # past a break: a Python number
    ("return x * random.uniform(0.5, 2.0)", []),
    ("return x[:random.Random(0).randint(1, 4)]", []),  # an instance's draw is not tracked
    ("return x * math.exp(random.uniform(0.0, 1.0))", []),  # dynamo fails there (no break)
])
def test_draws_are_tensors_only_where_replayed(tmp_path, body, codes):
    source = "def forward(self, x):\n" + textwrap.indent(body, "    ") + "\n"
    assert class_body_codes(tmp_path, source, imports=IMPORTS) == codes
