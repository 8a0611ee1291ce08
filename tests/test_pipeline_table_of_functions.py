"""A loop over one list of a module-level table of functions reaches every function of its lists (`partial` ones
too), so what they do in compiled code is reported. Proven under dynamo in tests/dynamo_cases/
pipeline_table_of_functions.py (stylegan2-pytorch's DiffAugment, missed in held-out 88)."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "pipeline_table_of_functions.py"

PIPELINE = """
import random
from functools import partial

import torch


@torch.compile
def augment(x, types):
    for p in types:
        for f in {table}[p]:
            x = f(x)
    return x


def jitter(x, n):
    return x + random.random() * n


{table} = {{"jitter": [partial(jitter, n=2)]}}
"""


def test_the_functions_of_the_table_are_compiled_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_partial_in_a_list_of_the_table_is_reached(tmp_path):
    assert [f.code for f in lint_text(tmp_path, PIPELINE.format(table="STEPS"), codes=["CL133"])] == ["CL133"]


def test_a_table_rebound_at_module_level_is_not_read(tmp_path):
    text = PIPELINE.format(table="STEPS") + "STEPS = {}\n"
    assert [f.code for f in lint_text(tmp_path, text, codes=["CL133"])] == []


def test_a_local_named_like_the_table_is_not_the_table(tmp_path):
    text = PIPELINE.format(table="STEPS").replace("    for p in types:", "    STEPS = {}\n    for p in types:")
    assert [f.code for f in lint_text(tmp_path, text, codes=["CL133"])] == []
