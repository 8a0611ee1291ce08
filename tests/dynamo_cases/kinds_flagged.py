"""Values the tensor inference follows beyond a name bound to a tensor op (tensors.py): tuples and named tuples
returned by torch ops and by project functions, dicts and declared fields of tensors, loop targets, and helper
parameters whose callers pass tensors, items of a tuple a helper returns, overrides of an abstract stub, what a lambda's callers pass. Each marked line breaks under dynamo with a GB id its rule predicts,
and the linter reports exactly the marked lines (tests/test_kinds.py; the look-alikes are in kinds_must_not_flag.py)."""

from typing import NamedTuple, Optional, Union

import torch
from torch import Tensor, nn


class Interval(NamedTuple):
    start: Tensor
    steps: int


class Heads(nn.Module):
    def forward(self, x):
        return [x * 2, x + 1]


def moments(x):
    return x.mean(), x.std()


def strictly_increasing(ts):
    return all(a < b for a, b in zip(ts[:-1], ts[1:]))  # expect: CL101


def seconds(t0):
    t0 = float(t0)  # expect: CL111
    return t0 * 2


def minutes(t0: Union[float, Tensor]):
    # annotated, but no type test keeps the tensor the callers pass from the conversion (torchsde's BrownianInterval)
    t0 = float(t0)  # expect: CL111
    return t0 / 60


class TupleResults(nn.Module):
    def forward(self, x):
        if torch.max(x, 1)[0].sum() > 0:  # expect: CL101
            x = x * 2
        best = x.max(dim=1)
        if best.values.sum() > 100:  # expect: CL101
            x = x * 0
        if torch.sort(x, dim=1).indices[0, 0] == 0:  # expect: CL101
            x = x + 1
        return x


class ProjectResults(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = Heads()

    def forward(self, x):
        outs = self.heads(x)
        if outs[0].mean() > 0:  # expect: CL101
            x = x + 1
        mean, std = moments(x)
        if mean > std:  # expect: CL101
            x = x - 1
        stats = {"mean": x.mean(), "n": x.shape[0]}
        if stats["mean"] > 0:  # expect: CL101
            x = x * 3
        return x


def rows_of(x):
    return x[0], x[1]


class Loops(nn.Module):
    def forward(self, x):
        for row in rows_of(x):
            if row.sum() > 0:  # expect: CL101
                x = x + 1
        if strictly_increasing(x.sum(1)):
            x = x * 2
        return x + seconds(x.sum()) + minutes(x.mean())


class Fields(nn.Module):
    def forward(self, x, bias: Optional[Tensor] = None):
        window = Interval(x.sum(), 3)
        if window.start > 0:  # expect: CL101
            x = x - 1
        if bias:  # expect: CL101
            x = x + bias
        return x


class Attributes(nn.Module):
    """`self.limit` is only ever set to a tensor, in a method other than __init__."""

    def __init__(self):
        super().__init__()
        self.reset()

    def reset(self):
        self.limit = torch.tensor(0.5)

    def forward(self, x):
        if x.mean() > self.limit:  # expect: CL101
            x = x * 0
        return x


class Window:
    def __init__(self, start, end):
        if start > end:  # expect: CL101
            raise ValueError("empty window")
        self.width = 2


class Constructed(nn.Module):
    """What a constructor call passes reaches __init__."""

    def forward(self, x):
        return x * Window(x.min(), x.max()).width


class Unpacked(nn.Module):
    """What a helper returns as a tuple display, item by item (`shapes, t, n = normalized(t)`), the helper
    defined further down: project-wide facts."""

    def forward(self, x):
        shapes, t, n = normalized(x.sum(1))
        if t[0] > t[1]:  # expect: CL101
            x = x * 2
        return x * n


def normalized(t):
    return [t.shape], -t, t.shape[0]


class Clip(torch.autograd.Function):
    """`Clip.apply(...)` runs forward (dynamo traces it); its parameters are what the calls pass."""

    @staticmethod
    def forward(ctx, x, limit, dim):
        if x.sum() > limit:  # expect: CL101
            x = x * 0
        if dim > 0:
            x = x.flip(dim)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad, None, None


class Chosen(nn.Module):
    """`self.loss_method` holds one of two bound methods (a ternary in __init__): both are reached, with what
    the call passes."""

    def __init__(self, mat_based=True):
        super().__init__()
        self.loss_method = self.mat_loss if mat_based else self.pair_loss

    def forward(self, x):
        return self.loss_method(x.sum(0), 2)

    def mat_loss(self, x, n):
        if x.sum() > 0:  # expect: CL101
            x = x * 2
        return x * n

    def pair_loss(self, x, n):
        return x * n


def masked_rows(x, mask):
    keep = mask.bool()
    return x[keep]  # expect: CL122


class Masked(nn.Module):
    """A mask made from a helper's parameter (`mask.bool()`) whose callers pass tensors."""

    def forward(self, x):
        return x * masked_rows(x, x > 0).sum()


class Distance(nn.Module):
    """An abstract stub (`raise NotImplementedError`) leaves what `compute` returns to its overrides: branches that
    all return, and a `super()` call."""

    def forward(self, a, b):
        return self.compute(a, b)

    def compute(self, a, b):
        raise NotImplementedError


class Euclidean(Distance):
    def compute(self, a, b):
        if a.dtype == torch.float16:
            return torch.cdist(a.float(), b.float())
        else:
            return torch.cdist(a, b)


class Negated(Euclidean):
    def compute(self, a, b):
        return super().compute(a, b) * -1


class Miner(nn.Module):
    """A distance set from a constructor argument or its default; a mask narrowed with `&=`."""

    def __init__(self, distance=None):
        super().__init__()
        self.distance = Euclidean() if distance is None else distance

    def forward(self, x):
        margin = self.distance(x, x)
        keep = margin <= 1.5
        keep &= margin > 0
        return margin[keep].sum()  # expect: CL122


def bisect_event(interp_fn, t0, t1):
    t_mid = (t0 + t1) / 2
    return interp_fn(t_mid)


class Lambdas(nn.Module):
    """A local lambda's parameter is what its callers pass: called here, and handed to a helper that calls it."""

    def forward(self, x):
        interp = lambda t: self.interp(2, t)
        return interp(x.mean()) + bisect_event(interp, x.min(), x.max())

    def interp(self, scale, t):
        if t.abs() > 0:  # expect: CL101
            return t * scale
        return t


class Comprehensions(nn.Module):
    """A comprehension's element sees what its `for` binds: the rows of a zipped tensor mask are tensors."""

    def forward(self, x):
        keep = x.sum(1) > 0
        rows = [row * 2 if kept else row for row, kept in zip(x, keep)]  # expect: CL101
        return torch.stack(rows)


class States(nn.Module):
    """Keys a mapping of unknown contents is given tensors under (an optimizer's `state = self.state[p]`) hold
    tensors; names unpacked from a display of as many elements each get their own element's kind."""

    def __init__(self):
        super().__init__()
        self.state = {"x": {}}

    def forward(self, x):
        state = self.state["x"]
        if len(state) == 0:
            state["step"] = 0
            state["exp_avg_sq"] = torch.zeros([])
        exp_avg_sq, step = state["exp_avg_sq"], state["step"]
        if exp_avg_sq == 0:  # expect: CL101
            exp_avg_sq.add_(x.sum())
        return x * (step + 1)


class All(nn.Module):
    def __init__(self):
        super().__init__()
        self.tuple_results = TupleResults()
        self.project_results = ProjectResults()
        self.loops = Loops()
        self.fields = Fields()
        self.attributes = Attributes()
        self.constructed = Constructed()
        self.unpacked = Unpacked()
        self.chosen = Chosen()
        self.masked = Masked()
        self.miner = Miner()
        self.lambdas = Lambdas()
        self.comprehensions = Comprehensions()
        self.states = States()

    def forward(self, x):
        return (self.tuple_results(x) + self.project_results(x) + self.loops(x) + self.fields(x, x.sum())
                + self.attributes(x) + self.constructed(x) + self.unpacked(x)
                + Clip.apply(x, x.mean(), 1) + self.chosen(x) + self.masked(x) + self.miner(x)
                + self.lambdas(x) + self.comprehensions(x) + self.states(x))


def example():
    return All(), (torch.randn(4, 8),)
