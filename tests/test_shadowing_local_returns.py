"""A function's local (or parameter) that shadows a module-level name is the local wherever the function reads it:
a factory returning it returns the module it built, not the function spelled the same (pywick's DRNet, held-out group
76). Proven under dynamo in tests/dynamo_cases/shadowing_local_returns.py and the adversarial case
h76_shadowed_factory_locals."""

from __future__ import annotations

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths

CASES = REPO / "tests" / "dynamo_cases" / "shadowing_local_returns.py"


def test_a_factory_returning_a_local_named_like_itself_is_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


def test_a_factory_in_another_file_returns_its_local_not_itself(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "backbone.py").write_text('''from torch import nn


class Net(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv = nn.Conv2d(3, width, 3)

    def forward(self, x):
        return self.conv(x)


def backbone(name, width=8):
    if name == "small":
        backbone = Net(width)
    else:
        backbone = Net(2 * width)
    return backbone
''')
    (package / "model.py").write_text('''from torch import nn

from .backbone import backbone


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.encode = backbone("small")

    def forward(self, x):
        return self.encode(x) + 1
''')
    assert [(f.path, f.start.row, f.code) for f in lint_paths(sorted(package.glob("*.py")))] == []


def test_a_parameter_named_like_a_module_function_is_the_parameter(tmp_path):
    (tmp_path / "m.py").write_text('''from torch import nn


def stem(width):
    return nn.Conv2d(3, width, 1)


def create_stem(width, stem=None):
    stem = stem if stem is not None else nn.Identity()
    return stem


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = create_stem(4)

    def forward(self, x):
        return self.stem(x)
''')
    assert [f.code for f in lint_paths([tmp_path / "m.py"])] == []


def test_a_name_declared_global_in_the_factory_is_still_the_module_level_one(tmp_path):
    (tmp_path / "m.py").write_text('''from torch import nn


def head(width):
    return nn.Conv2d(width, 1, 1)


def pick():
    global head
    return head


class Net(nn.Module):
    def forward(self, x):
        return pick()(4)(x)
''')
    assert sorted((f.start.row, f.code) for f in lint_paths([tmp_path / "m.py"])) == [(5, "CL145")]
