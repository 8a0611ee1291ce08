"""A function decorated with a project class without arguments runs the class's __call__ on every call: compiled
code that calls it reaches __call__. Proven under dynamo in tests/dynamo_cases/class_decorators.py (adversarial batch
19: a tracing decorator class whose __call__ prints)."""

from __future__ import annotations

import pytest

from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases" / "class_decorators.py"


def test_class_decorators_are_flagged_on_exactly_the_marked_lines():
    found = sorted((f.start.row, f.code) for f in lint_paths([CASES]))
    assert found == sorted(expected_lines(CASES))


def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[CASES.resolve()], CASES)


DECORATOR = """import torch


class traced:
    def __init__(self, *args):
        self.args = args

    def __call__(self, *args):
        print("called")
        return args[0]

"""


@pytest.mark.parametrize("decorated, compiled, rows", [
    ("@traced\ndef f(x):\n    return x\n", "    return f(x)\n", [9]),
    ("@traced\ndef f(x):\n    return x\n", "    return x\n", []),  # compiled code never calls f
    ("@traced(1)\ndef f(x):\n    return x\n", "    return f(x)\n", []),  # __call__ ran once, decorating
    ("def f(x):\n    return x\n", "    return traced(x)(x)\n", [9]),  # an instance called directly, as before
])
def test_a_bare_class_decorator_runs_its_call_on_every_call(tmp_path, decorated, compiled, rows):
    text = DECORATOR + decorated + "\n\n@torch.compile\ndef g(x):\n" + compiled
    assert [f.start.row for f in lint_text(tmp_path, text, codes=["CL131"])] == rows


def test_the_decorator_class_may_come_from_another_file(tmp_path):
    (tmp_path / "tracing.py").write_text(DECORATOR)
    (tmp_path / "model.py").write_text("import torch\n\nfrom tracing import traced\n\n\n@traced\ndef f(x):\n"
                                       "    return x\n\n\n@torch.compile\ndef g(x):\n    return f(x)\n")
    found = lint_paths([tmp_path / "model.py", tmp_path / "tracing.py"], codes=["CL131"])
    assert [(f.path.rpartition("/")[2], f.start.row) for f in found] == [("tracing.py", 9)]
