"""CL170: a `with` on a context manager made outside the compiled function (GB0142, the frame given up), proven in
tests/dynamo_cases/stored_context_managers.py and the rule's examples."""

from compilelint.config import Config
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASE = REPO / "tests" / "dynamo_cases" / "stored_context_managers.py"


def test_flagged_on_exactly_the_marked_lines():
    assert sorted((f.start.row, f.code) for f in lint_paths([CASE], codes=["CL170"])) == sorted(expected_lines(CASE))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASE.resolve()], CASE)


def _project(tmp_path, scopes: str, model: str):
    package = tmp_path / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "scopes.py").write_text(scopes)
    (package / "model.py").write_text(model)
    findings = lint_paths(sorted(package.glob("*.py")), codes=["CL170"], config=Config(root=tmp_path))
    return [(f.start.row, f.code) for f in findings]


MODEL = (
    "import torch\n"
    "from torch import nn\n"
    "from pkg.scopes import Scope\n"
    "class Net(nn.Module):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.scope = Scope()\n"
    "    def forward(self, x):\n"
    "        with self.scope:\n"
    "            return x + 1\n"
)


def test_a_project_class_of_another_file_that_defines_enter_is_flagged(tmp_path):
    scopes = "class Base:\n    def __enter__(self):\n        return self\n    def __exit__(self, *e):\n        pass\n" \
             "class Scope(Base):\n    pass\n"
    assert _project(tmp_path, scopes, MODEL) == [(9, "CL170")]


def test_a_class_that_defines_no_enter_in_the_project_is_not_flagged(tmp_path):
    # its __enter__ comes from a library base class we cannot see: it may be one dynamo knows
    scopes = "import contextlib\nclass Scope(contextlib.nullcontext):\n    pass\n"
    assert _project(tmp_path, scopes, MODEL) == []


SCOPES = "class Scope:\n    def __enter__(self):\n        return self\n    def __exit__(self, *e):\n        pass\n"


def test_an_attribute_also_bound_to_a_context_dynamo_knows_is_not_flagged(tmp_path):
    model = "import contextlib\n" + MODEL.replace("self.scope = Scope()",
                                                 "self.scope = Scope() if torch.is_grad_enabled() else contextlib.nullcontext()")
    assert _project(tmp_path, SCOPES, model) == []


def test_a_local_or_parameter_of_the_same_name_is_not_flagged(tmp_path):
    model = MODEL.replace("with self.scope:", "with scope:").replace("self.scope = Scope()", "pass") \
        .replace("class Net", "scope = Scope()\nclass Net")
    assert _project(tmp_path, SCOPES, model) == [(10, "CL170")]
    shadowed = model.replace("def forward(self, x):", "def forward(self, x, scope):")
    assert _project(tmp_path / "shadowed", SCOPES, shadowed) == []
