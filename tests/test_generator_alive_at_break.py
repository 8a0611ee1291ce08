"""CL177: a project generator function whose generator compiled code keeps alive across a graph break: dynamo cannot
rebuild it at the break once its first loop steps an iterator it made (GB8335 on that loop's line; held-out group 84,
ito-vision's samplers, whose base class hands `self.__iter__(...)` to a progress bar)."""

from __future__ import annotations

import textwrap

from compilelint.config import Config
from tests.helpers import lint_paths, lint_text

BASE = """\
import torch


class Sampler:
    def __iter__(self, x, ts):
        raise NotImplementedError

    def __call__(self, x, ts):
        iterator = self.__iter__(x, ts)
        print("sampling")
        last = x
        for xt in iterator:
            last = xt
        return last
"""

EULER = """\
import torch

from pkg.sampler import Sampler


class EulerSampler(Sampler):
    def __iter__(self, x, ts):
        dts = torch.diff(ts)
        for t, dt in zip(ts[:-1], dts):
            x = x + t * dt
            yield x
"""

MODEL = """\
from torch import nn

from pkg.euler import EulerSampler


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.sampler = EulerSampler()

    def forward(self, x, ts):
        return self.sampler(x, ts)
"""


def _codes(findings, name):
    return sorted((f.start.row, f.code) for f in findings if f.path.endswith(name) and f.code == "CL177")


def test_an_override_in_another_file_of_a_generator_the_base_class_keeps_alive_is_flagged(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, text in (("sampler.py", BASE), ("euler.py", EULER), ("model.py", MODEL)):
        (package / name).write_text(text)
    findings = lint_paths(sorted(package.glob("*.py")), config=Config(root=tmp_path))
    assert _codes(findings, "euler.py") == [(9, "CL177")]
    assert _codes(findings, "sampler.py") == []


def _module(body: str, generator: str) -> str:
    return "import torch\nfrom torch import nn\n\n\n" + textwrap.dedent(generator) + "\n\nclass Net(nn.Module):\n" \
        + textwrap.indent(textwrap.dedent(body), "    ")


OVER_TENSOR = """\
def steps(x, ts):
    for t in ts:
        x = x * t
        yield x
"""

def test_a_generator_over_a_tensor_alive_at_a_print_is_flagged(tmp_path):
    found = lint_text(tmp_path, _module("""\
        def forward(self, x, ts):
            gen = steps(x, ts)
            print("alive")
            last = x
            for y in gen:
                last = y
            return last
        """, OVER_TENSOR))
    assert sorted((f.start.row, f.code) for f in found if f.code in ("CL131", "CL177")) == [(6, "CL177"), (14, "CL131")]


def test_a_generator_over_a_range_drained_or_stepped_by_a_breaking_loop_is_not_flagged(tmp_path):
    over_range = OVER_TENSOR.replace("for t in ts:", "for t in range(3):")
    drained = """\
        def forward(self, x, ts):
            gen = steps(x, ts)
            out = list(gen)
            print("drained")
            return out[-1]
        """
    stepped = """\
        def forward(self, x, ts):
            last = x
            gen = steps(x, ts)
            for y in gen:
                print("step")
                last = y
            return last
        """
    alive = """\
        def forward(self, x, ts):
            gen = steps(x, ts)
            print("alive")
            last = x
            for y in gen:
                last = y
            return last
        """
    for body, generator in ((alive, over_range), (drained, OVER_TENSOR), (stepped, OVER_TENSOR)):
        assert not [f for f in lint_text(tmp_path, _module(body, generator)) if f.code == "CL177"], (body, generator)


def test_a_loop_after_a_yield_or_another_loop_is_not_the_one_flagged(tmp_path):
    generator = """\
        def steps(x, ts):
            for i in range(2):
                x = x * i
            yield x
            for t in ts:
                x = x * t
                yield x
        """
    body = """\
        def forward(self, x, ts):
            gen = steps(x, ts)
            print("alive")
            return list(gen)[-1]
        """
    assert not [f for f in lint_text(tmp_path, _module(body, generator)) if f.code == "CL177"]
