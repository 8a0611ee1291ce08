"""CL164: a function wrapped by `@torch.set_grad_enabled(mode)` called in compiled code, or a generator so wrapped
iterated there, breaks the graph (GB0007: dynamo skips the `set_grad_enabled` the wrapper builds), proven in the rule's
bad example and tests/dynamo_cases/set_grad_enabled_*.py (held-out group 46's note: the same decorator on a
generator, a GB0007 CL162 did not cover)."""

import textwrap

import pytest

from compilelint.config import Config
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = sorted((REPO / "tests" / "dynamo_cases").glob("set_grad_enabled_*.py"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_the_decorated_generators_are_flagged_on_exactly_the_marked_lines(case):
    assert sorted((f.start.row, f.code) for f in lint_paths([case])) == sorted(expected_lines(case))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_dynamo_breaks_on_exactly_the_marked_lines_with_an_id_the_finding_names(examples_under_dynamo, case):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[case.resolve()], case)


HELPERS = """\
    import torch


    @torch.set_grad_enabled(False)
    def frozen(x):
        return x * 2


    @torch.set_grad_enabled(False)
    def frozen_steps(x):
        yield x * 2
"""

CALLER = """\
    from torch import nn

    from pkg.helpers import frozen, frozen_steps


    class Net(nn.Module):
        def forward(self, x):
            h = frozen(x)
            steps = frozen_steps(h)
            for y in frozen(h):
                h = h + y
            return [y for y in frozen_steps(h)], steps
"""


@pytest.mark.parametrize("linted", [("helpers.py", "model.py"), ("model.py",)])
def test_functions_of_another_file_are_followed_whether_linted_or_only_read(tmp_path, linted):
    """The call of the plain function and the iteration of the generator; not a generator only called (its first
    step is elsewhere), nor a loop over what the plain function returns."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(textwrap.dedent(HELPERS))
    (package / "model.py").write_text(textwrap.dedent(CALLER))
    findings = lint_paths([package / name for name in linted], ["CL164"], Config(root=tmp_path))
    assert [(f.path.rsplit("/", 1)[-1], f.start.row) for f in findings] \
        == [("model.py", 8), ("model.py", 10), ("model.py", 12)]


def test_a_call_that_may_reach_an_undecorated_override_is_not_flagged(tmp_path):
    text = """\
        import torch
        from torch import nn


        class Base(nn.Module):
            @torch.set_grad_enabled(False)
            def scale(self, x):
                return x * 2

            def forward(self, x):
                return self.scale(x)


        class Child(Base):
            def scale(self, x):
                return x * 3
    """
    assert lint_text(tmp_path, textwrap.dedent(text), codes=["CL164"]) == []
