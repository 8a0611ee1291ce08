"""A break inside a generator expression that all(), any(), sum(), set() or dict() consumes: dynamo runs these
builtins as traced Python that pulls from the generator, and when the generator breaks it cannot rebuild it
(GB8335, the whole frame is skipped), reported at the line where the consumer's call starts as well as at the
break itself (not for a break in its first iterable, which runs before the generator); `sum(gen, start)` reports
the break at the call only. Consumers that take the generator whole (tuple, list, min, sorted) and a consumer
inside a loop (GB7000 gives up first) report the break's own line only. Each case is a frame of its own: the skip
drops the rest of it. The linter reports exactly the marked lines (tests/test_consumed_generators.py)."""

import torch
from torch import nn


def same_inputs(xs, ys):
    if not all(  # expect: CL102
        torch.equal(a, b) for a, b in zip(xs, ys)  # expect: CL102
    ):
        return xs[0] + 1
    return xs[0] - 1


def any_different(xs, ys):
    if any(  # expect: CL102
            not torch.equal(a, b) for a, b in zip(xs, ys)):  # expect: CL102
        return xs[0]
    return xs[0] + 1


def total(xs):
    s = sum(  # expect: CL111
        x.sum().item() for x in xs  # expect: CL111
    )
    return xs[0] * s


def total_from(xs):
    s = sum(  # expect: CL111
        (x.sum().item() for x in xs), 0.0)
    return xs[0] * s


def distinct(xs):
    s = set(  # expect: CL111
        x.sum().item() for x in xs)  # expect: CL111
    return xs[0] * len(s)


def by_index(xs):
    s = dict(  # expect: CL111
        (i, x.sum().item()) for i, x in enumerate(xs))  # expect: CL111
    return xs[0] * s[0]


def nested(xs):
    if all(  # expect: CL111
            all(v.item() for v in x) for x in xs):  # expect: CL111
        return xs[0]
    return xs[0] + 1


def from_a_list(t):
    # the generator's first iterable runs before the generator, in the function's own frame
    s = sum(
        v * 2 for v in t.tolist())  # expect: CL112
    return t * s


def same_line(xs, ys):
    if all(torch.equal(a, b) for a, b in zip(xs, ys)):  # expect: CL102
        return xs[0]
    return xs[0] + 1


def as_tuple(xs):
    s = tuple(
        x.sum().item() for x in xs)  # expect: CL111
    return xs[0] * s[0]


def as_list(xs):
    s = list(
        x.sum().item() for x in xs)  # expect: CL111
    return xs[0] * s[0]


def smallest(xs):
    s = min(
        x.sum().item() for x in xs)  # expect: CL111
    return xs[0] * s


def in_order(xs):
    s = sorted(
        x.sum().item() for x in xs)  # expect: CL111
    return xs[0] * s[0]


def in_a_loop(xs, ys):
    out = xs[0]
    for _ in range(2):
        if all(
                torch.equal(a, b) for a, b in zip(xs, ys)):  # expect: CL102
            out = out + 1
    return out


class All(nn.Module):
    def forward(self, x):
        xs, ys = [x, x * 2], [x, x * 2]
        return (same_inputs(xs, ys) + any_different(xs, ys) + total(xs) + total_from(xs) + distinct(xs)
                + by_index(xs) + nested(xs) + from_a_list(x) + same_line(xs, ys) + as_tuple(xs) + as_list(xs) + smallest(xs)
                + in_order(xs) + in_a_loop(xs, ys))


def example():
    return All(), (torch.randn(3),)
