"""CL159 on the deprecated `torch.backends.cuda.sdp_kernel(...)`: not traced (GB0208), the `with` around it
unsupported (GB0142). Proven under dynamo in tests/dynamo_cases/sdp_kernel_context.py (mixture-of-attention's
`Attend`, missed in held-out 24); `torch.nn.attention.sdpa_kernel` compiles."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "sdp_kernel_context.py"


def test_the_deprecated_kernel_switch_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASE]))
    assert found == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def test_the_switch_imported_under_another_name_is_flagged(tmp_path):
    text = (
        "import torch\nfrom torch import nn\nfrom torch.backends.cuda import sdp_kernel\n\n\n"
        "class Attend(nn.Module):\n"
        "    def forward(self, q, k, v):\n"
        "        with sdp_kernel(enable_math=True):\n"
        "            return torch.nn.functional.scaled_dot_product_attention(q, k, v)\n")
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text, codes=["CL159"])] == [(8, "CL159")]
