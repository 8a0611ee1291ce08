"""The backward of a project torch.autograd.Function is compiled where compiled code calls `Fn.apply` (dynamo
speculates it; proven by the adversarial ckpt_* cases), and a function named `backward` that is no method of a class
is linted as any other (it once crashed the backward test)."""

from tests.helpers import lint_text

CODE = """
import torch
from torch import nn


def outer(x):
    @torch.compile
    def backward(y):
        print(y)
        return y
    return backward(x)


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        print("backward")
        return g * 2


class Unused(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 3

    @staticmethod
    def backward(ctx, g):
        print("never applied")
        return g * 3


class Model(nn.Module):
    def forward(self, x):
        return Scale.apply(x)
"""


def test_applied_backward_is_compiled_and_a_nested_def_named_backward_is_linted(tmp_path):
    found = sorted((f.start.row, f.code) for f in lint_text(tmp_path, CODE))
    assert found == [(9, "CL131"), (21, "CL131")]
