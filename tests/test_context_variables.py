"""CL163: methods of a module-level `contextvars.ContextVar` called in compiled code (GB0156), proven in
tests/dynamo_cases/context_variables.py and the rule's examples (curated-transformers' `if _TORCH_SDP.get():`)."""

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASE = REPO / "tests" / "dynamo_cases" / "context_variables.py"


def test_the_methods_are_flagged_on_exactly_the_marked_lines():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE])) == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def test_other_objects_with_the_same_methods_are_not_flagged(tmp_path):
    text = (
        "import contextvars\n"
        "import torch\n"
        "from torch import nn\n"
        "CONFIG = dict(scale=2)\n"
        "VAR = contextvars.ContextVar('v', default=1)\n"
        "class M(nn.Module):\n"
        "    def forward(self, x, options: dict):\n"
        "        VAR = options\n"
        "        return x * CONFIG.get('scale') * VAR.get('k', 1)\n"
    )
    assert lint_text(tmp_path, text, codes=["CL163"]) == []
