"""A tensor a compiled method stores on self is a tensor when the method reads it back (`self.w_sum = helper(...)`,
then `self.w_sum > 1e-10`), also when the stored value's kind is a project-wide fact (a helper of another file) and
when the attribute is an item of a helper's returned tuple (`self.mean, self.std = moments(x)`). Proven under dynamo in
tests/dynamo_cases/stored_attributes.py (nnAudio's inverse STFT, stft.py:49/50, missed in held-out 11)."""

from __future__ import annotations

import textwrap

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, found_lines, lint_paths, lint_text, marked_lines

CASES = REPO / "tests" / "dynamo_cases" / "stored_attributes.py"
HELPERS = REPO / "tests" / "dynamo_cases" / "stored_helpers" / "windows.py"


def test_reads_of_stored_tensors_are_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([CASES, HELPERS])) == marked_lines([CASES, HELPERS])


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def _codes(tmp_path, body: str):
    header = "import torch\nfrom torch import nn\n\n\nclass M(nn.Module):\n"
    text = header + textwrap.indent(textwrap.dedent(body), "    ")
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, text))


def test_a_stored_tensor_is_read_back_as_one_until_stored_again(tmp_path):
    assert _codes(tmp_path, """
        def forward(self, x):
            self.peak = x.abs().amax()
            if self.peak > 1:
                x = x / 2
            self.peak = x.shape[0]
            if self.peak > 1:
                x = x * 2
            return x
    """) == [(9, "CL101")]


def test_a_store_on_another_object_or_a_deeper_attribute_says_nothing(tmp_path):
    assert _codes(tmp_path, """
        def forward(self, x, other):
            other.peak = x.abs().amax()
            self.state.peak = x.abs().amax()
            if other.peak > 1 or self.state.peak > 1:
                x = x / 2
            return x
    """) == []


def test_a_stored_input_only_assumed_a_tensor_stays_what_callers_pass(tmp_path):
    # torch_gauge's VerletList.from_mask (held-out 33): `self.n_nodes = num_nodes`, then `torch.zeros(self.n_nodes *
    # self.PADSIZE)`: an entry point's input, as often the int the caller passes, compiles
    assert _codes(tmp_path, """
        def forward(self, mask, padding_size, num_nodes):
            self.n_nodes = num_nodes
            self.pad = padding_size
            out = torch.zeros(self.n_nodes * self.pad, dtype=torch.bool)
            if mask.long().sum(1).max().item() <= self.pad:
                out = ~out
            return out
    """) == [(11, "CL111")]
