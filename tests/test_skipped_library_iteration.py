"""CL159 on a loop over a name bound to an object of a library dynamo never traces: the loop header inlines the
library's `__iter__` (GB0008) and the frame runs eagerly. Proven under dynamo in
tests/dynamo_cases/skipped_library_iteration.py (audio-diffusion-pytorch's VSampler, missed in held-out group 26)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "skipped_library_iteration.py"
CONDITIONAL = REPO / "tests" / "dynamo_cases" / "skipped_library_conditional_iteration.py"


@pytest.mark.parametrize("case", [CASE, CONDITIONAL], ids=["bound", "conditional"])
def test_the_loop_over_a_held_library_object_is_flagged_on_exactly_the_marked_lines(case):
    found = sorted((f.start.row, f.code) for f in lint_paths([case]))
    assert found == sorted(expected_lines(case))


@pytest.mark.parametrize("case", [CASE, CONDITIONAL], ids=["bound", "conditional"])
def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo, case):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[case.resolve()], case)


def test_a_progress_bar_made_then_iterated_is_flagged_twice_and_a_rebound_a_maybe_bound_or_a_passed_name_is_left(tmp_path):
    text = (
        "from tqdm import tqdm\nimport torch\nfrom torch import nn\n\n\n"
        "class Sampler(nn.Module):\n"
        "    def forward(self, x, steps: int):\n"
        "        progress_bar = tqdm(range(steps), disable=True)\n"
        "        for i in progress_bar:\n"
        "            x = x * 0.5\n"
        "        return self.rest(x, steps)\n\n"
        "    def rest(self, x, steps: int):\n"
        "        for i in range(steps):\n"
        "            x = x + 1\n"
        "        progress_bar = tqdm(range(steps))\n"
        "        progress_bar = range(steps)  # a plain range now\n"
        "        for i in progress_bar:\n"
        "            x = x + 1\n"
        "        steps_iter = range(steps)\n"
        "        if self.training:\n"
        "            steps_iter = tqdm(steps_iter)\n"
        "        for i in steps_iter:\n"
        "            x = x + 1\n"
        "        return x\n\n\n"
        "def elsewhere(x, progress_bar):\n"
        "    for i in progress_bar:\n"
        "        x = x + i\n"
        "    return x\n")
    found = [(f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL159"])]
    # the calls, and one loop; the loop header sends forward's frame to eager (GB0008, not at a call), so what follows
    # in forward never runs compiled (measured on 2.13: a print after such a loop is not reported): the rest is in a
    # method of its own
    assert found == [(8, "CL159"), (9, "CL159"), (16, "CL159"), (22, "CL159")]


def test_a_bar_made_under_a_flag_is_looped_over_as_its_call_is_reached(tmp_path):
    """`it = tqdm(r) if flag else r` then `for i in it:` breaks where the call does: flagged with it where an
    attribute sets the flag, left with it where the flag is an option whose default is off and no caller passes it
    (neither the call nor the loop is traced then)."""
    text = (
        "from tqdm import tqdm\nimport torch\n\n\n"
        "class Sampler:\n"
        "    def __call__(self, x, steps: int = 3):\n"
        "        it = (tqdm(range(steps)) if self.verbose else range(steps))\n"
        "        for i in it:\n"
        "            x = x * 0.5\n"
        "        return x\n\n\n"
        "@torch.compile\n"
        "def restore(x, steps: int = 3, verbose: bool = False):\n"
        "    it = range(steps) if not verbose else tqdm(range(steps))\n"
        "    for i in it:\n"
        "        x = x - 1\n"
        "    return x\n\n\n"
        "sample = torch.compile(Sampler())\n")
    found = [(f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL159"])]
    assert found == [(7, "CL159"), (8, "CL159")]
