"""The look-alikes of kinds_flagged.py: the same shapes of code holding Python values (or tensors only where
nothing reads their data) compile without a graph break, and the linter reports nothing
(tests/test_kinds.py)."""

from typing import List, NamedTuple, Optional, Tuple, Union

import torch
from torch import Tensor, nn


class Interval(NamedTuple):
    start: Tensor
    steps: int


class Sizes(nn.Module):
    def forward(self, x):
        return [x.shape[0], x.shape[1]]


def extent(x):
    return x.shape[0], x.shape[-1]


def strictly_increasing(ts):
    return all(a < b for a, b in zip(ts[:-1], ts[1:]))


def seconds(t0):
    t0 = float(t0)
    return t0 * 2


def as_float(alpha: Union[float, Tensor]):
    if isinstance(alpha, float):
        return float(alpha)  # callers pass tensors, but the annotation says where the float goes
    return alpha


class TupleResults(nn.Module):
    def forward(self, x):
        values, indices = torch.max(x, 1)
        best = x.max(dim=1)
        ranked = torch.sort(x, dim=1)
        widest = max(x.shape, key=lambda n: n)  # the builtin: a Python int
        if widest > 2:
            x = x * 2
        return x + values.sum() + indices.sum() + best.values.sum() + ranked.indices[0, 0]


class ProjectResults(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = Sizes()

    def forward(self, x):
        outs = self.sizes(x)
        if outs[0] > 1:
            x = x + 1
        rows, cols = extent(x)
        if rows > cols:
            x = x - 1
        stats = {"mean": x.mean(), "n": x.shape[0]}
        if stats["n"] > 1:
            x = x * 3
        stats["mean"] = 2
        if stats["mean"] > 1:
            x = x * 3
        return x + stats["n"]


class Loops(nn.Module):
    def forward(self, x):
        for size in extent(x):
            if size > 1:
                x = x + 1
        if strictly_increasing([1, 2, 3]):
            x = x * 2
        return x + seconds(x.shape[0])


class Fields(nn.Module):
    def forward(self, x, bias: Optional[Tensor] = None, scale=None):
        window = Interval(x.sum(), 3)
        if window.steps > 2:
            x = x - window.start
        if bias is not None:
            x = x + bias
        if scale:  # not annotated: as often a number
            x = x * scale
        return x


class Attributes(nn.Module):
    """`self.limit` starts as a tensor, but `reset()` makes it a float: nothing is known about it."""

    def __init__(self):
        super().__init__()
        self.limit = torch.tensor(0.5)
        self.reset()

    def reset(self):
        self.limit = 0.5

    def forward(self, x):
        if self.limit > 0.25:
            x = x * 2
        return x


class Annotated(nn.Module):
    """Annotations that say a parameter is no tensor (or not only one) hold even where tensors are assumed."""

    def forward(self, x, shape: Tuple[int, int], extra: Optional[List[Tensor]] = None):
        extra = extra or []
        if shape[0] > 2:
            x = x * 2
        return x * as_float(x.sum()) + len(extra)


class Unpacked(nn.Module):
    """The item unpacked and tested is the helper's int; the tensor item is only read after an option that
    short-circuits the test at its default (the callers here leave it there)."""

    def forward(self, x, max_fpr=None):
        shapes, t, n = normalized(x.sum(1))
        if n > 2:
            x = x * 2
        if max_fpr is None or t.sum() == 0:
            x = x + 1
        return x * n


def normalized(t):
    return [t.shape], -t, t.shape[0]


class Clip(torch.autograd.Function):
    """What `Clip.apply(...)` passes is a float and an int: forward tests only those."""

    @staticmethod
    def forward(ctx, x, limit, dim):
        if limit > 0.25:
            x = x * 2
        if dim > 0:
            x = x.flip(dim)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None


def counted(x, exact=False):
    if exact:
        return x.sum()
    else:
        return x.shape[0]


class BranchReturns(nn.Module):
    """Every branch returns, one of them a Python int: what the call returns is not known to be a tensor."""

    def forward(self, x):
        if counted(x) > 2:
            return x * 2
        return x


class Lambdas(nn.Module):
    """A lambda's parameter hides the tensor of the same name around it: it is what the lambda's caller passes."""

    def forward(self, x):
        s = x.sum()
        halve = lambda s: self.halved(s)
        return x * halve(3.0) + s

    def halved(self, s):
        if s * 2 > 1:
            return s / 2
        return s


class Fibers(nn.Module):
    """A forward given a dict of tensors by degree (equivariant layers): its keys are strings, not rows of a tensor,
    and a comparison with a string is a Python bool even where a tensor is compared."""

    def forward(self, features, mode):
        out = features["0"].sum()
        for degree in features.keys():
            if degree == "1" and mode != "skip":
                out = out + features[degree].mean()
        for degree, value in features.items():
            if degree != "0":
                out = out + value.amax()
        return out


class Cache(nn.Module):
    def __init__(self):
        super().__init__()
        self.enabled = True

    def caches_are_enabled(self) -> bool:
        return self.enabled


class Decoding(nn.Module):
    """A forward handed a module (a decoding step given the model with its KV cache): a method no tensor has says
    the object is no tensor, nor is what the method returns (torchtune's `incremental = model.caches_are_enabled()`)."""

    def forward(self, model, x):
        incremental = model.caches_are_enabled()
        x = x * 2 if not incremental else x
        if incremental:
            x = x + 1
        return x


class Comprehensions(nn.Module):
    """The same comprehension over a list of Python bools; and a name the comprehension rebinds to ints hides the
    frame's tensor of that name in its element."""

    def forward(self, x):
        rows = [row * 2 if kept else row for row, kept in zip(x, [True, False, True, False])]
        n = x.sum()
        scales = [n + 1 if n else 1 for n in range(x.shape[0])]
        return torch.stack(rows) * scales[-1]


class States(nn.Module):
    """A key given a tensor, then a number: it holds a number; unpacked with a tensor beside it."""

    def __init__(self):
        super().__init__()
        self.state = {"x": {}}

    def forward(self, x):
        state = self.state["x"]
        state["scale"] = x.sum()
        state["scale"] = 2.0
        scale, offset = state["scale"], x.sum()
        if scale > 1:
            x = x * scale
        return x + offset


class All(nn.Module):
    def __init__(self):
        super().__init__()
        self.tuple_results = TupleResults()
        self.project_results = ProjectResults()
        self.loops = Loops()
        self.fields = Fields()
        self.attributes = Attributes()
        self.annotated = Annotated()
        self.unpacked = Unpacked()
        self.branch_returns = BranchReturns()
        self.lambdas = Lambdas()
        self.fibers = Fibers()
        self.decoding = Decoding()
        self.cache = Cache()
        self.comprehensions = Comprehensions()
        self.states = States()

    def forward(self, x):
        return (self.tuple_results(x) + self.project_results(x) + self.loops(x) + self.fields(x, scale=2.0)
                + self.attributes(x) + self.annotated(x, (4, 8)) + self.unpacked(x)
                + Clip.apply(x, 0.5, 1) + self.branch_returns(x) + self.lambdas(x)
                + self.fibers({"0": x, "1": x * 2}, x) + self.decoding(self.cache, x) + self.comprehensions(x)
                + self.states(x))


def example():
    return All(), (torch.randn(4, 8),)
