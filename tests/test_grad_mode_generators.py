"""CL162: a generator function wrapped by a grad-mode decorator, run to its end in compiled code, skips the frame
(GB0088 inside torch's wrapper), proven in tests/dynamo_cases/grad_mode_generator*.py (mhc-ddim's
`ddim_sample_loop`, missed in held-out group 46)."""

from __future__ import annotations

import textwrap

import pytest

from compilelint.config import Config
from tests.helpers import REPO, assert_dynamo_breaks_where_flagged, expected_lines, lint_paths, lint_text

CASES = sorted((REPO / "tests" / "dynamo_cases").glob("grad_mode_generator*.py"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_every_spelling_run_to_its_end_is_flagged_and_nothing_else_unless_the_generator_breaks_first(case):
    assert sorted((f.start.row, f.code) for f in lint_paths([case])) == expected_lines(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_dynamo_breaks_exactly_there(examples_under_dynamo, case):
    assert_dynamo_breaks_where_flagged(examples_under_dynamo[case.resolve()], case)


SAMPLER = """\
    import torch


    class Diffusion:
        @torch.no_grad()
        def progressive(self, model, x):
            for _ in range(3):
                x = model(x)
                yield {"sample": x}

        def plain(self, model, x):
            yield model(x)
"""

CALLER = """\
    import torch
    from torch import nn

    from pkg.sampler import Diffusion


    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.diffusion = Diffusion()
            self.model = nn.Linear(4, 4)

        def forward(self, x):
            final = None
            for sample in self.diffusion.progressive(self.model, x):
                final = sample
            for sample in self.diffusion.plain(self.model, x):
                final = sample
            return final
"""


@pytest.mark.parametrize("linted", [("sampler.py", "model.py"), ("model.py",)])
def test_a_generator_of_another_file_is_followed_whether_it_is_linted_or_only_read(tmp_path, linted):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "sampler.py").write_text(textwrap.dedent(SAMPLER))
    (package / "model.py").write_text(textwrap.dedent(CALLER))
    findings = lint_paths([package / name for name in linted], ["CL162"], Config(root=tmp_path))
    assert [(f.path.rsplit("/", 1)[-1], f.start.row) for f in findings] == [("model.py", 15)]


def test_loops_that_leave_early_and_decorated_functions_that_do_not_yield_are_not_flagged(tmp_path):
    text = """\
        import torch
        from torch import nn


        @torch.no_grad()
        def levels(x):
            for i in range(3):
                yield x + i


        @torch.no_grad()
        def scaled(x):
            return [x, x * 2]


        class Net(nn.Module):
            def forward(self, x):
                for level in levels(x):
                    if level.shape[0] > 1:
                        break
                for value in scaled(x):
                    x = x + value
                first = next(levels(x))
                return x + first + sum(scaled(x))
    """
    assert lint_text(tmp_path, textwrap.dedent(text), codes=["CL162"]) == []


def test_a_break_in_the_generators_setup_does_not_hide_its_end_but_one_in_its_loop_does(tmp_path):
    text = """\
        import torch
        from torch import nn
        from tqdm import tqdm


        @torch.no_grad()
        def progressive(x, steps, progress=False):
            indices = list(range(steps))
            if progress:
                indices = tqdm(indices)
            for i in indices:
                yield x + i


        @torch.no_grad()
        def tokens(x, steps):
            for _ in range(steps):
                yield x.argmax().item()


        class Net(nn.Module):
            def forward(self, x):
                for sample in progressive(x, 3):
                    x = sample
                return x, list(tokens(x, 3))
    """
    findings = lint_text(tmp_path, textwrap.dedent(text))
    assert sorted((f.start.row, f.code) for f in findings if f.code in ("CL162", "CL111")) \
        == [(18, "CL111"), (23, "CL162")]
