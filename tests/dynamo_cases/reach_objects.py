"""Code compiled code reaches only through objects, registries and returned values (regions.py): a registry
of classes in another file (SOLVERS[method](y0).integrate(t)), a registry of functions (called directly,
and held in an attribute: self.norm = NORMS[name], the registry annotated or not, the attribute called or handed
to a helper that calls it, a getter returning a registry's entry that was filled in after the registry was
built), a local object called (__call__), attributes holding
objects made by a factory or set outside __init__, and a method annotated to return an object. Every marked line breaks under dynamo; the classes and registry that only
eager code uses are not compiled, so their breaking lines are not flagged."""
import os
import sys
from typing import Callable, Dict

import torch

from compilelint import Example

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from reach_helpers.steppers import SOLVERS  # noqa: E402


def gate(x):
    if torch.sum(x) > 0:  # expect: CL101
        return x
    return -x


def soften(x):
    return torch.tanh(x)


ACTIVATIONS = {"gate": gate, "soften": soften}


def clip(x):
    if torch.linalg.norm(x) > 5:  # expect: CL101
        return x / 2
    return x


NORMS = {"clip": clip}


def bound(x):
    if torch.amax(x) > 4:  # expect: CL101
        return x.clamp(max=4)
    return x


BOUNDS: Dict[str, Callable] = {"bound": bound}  # annotated (xlstm's registry of pointwise functions)


def squash(x):
    if torch.amin(x) < -4:  # expect: CL101
        return x.clamp(min=-4)
    return x


SQUASHES = {"squash": squash}


def applied(x, fn):
    return fn(x)


class Block:
    def __init__(self, norm):
        self.norm = NORMS[norm]  # the transformers idiom: self.act_fn = ACT2FN[config.hidden_act]
        self.bound = BOUNDS["bound"]
        self.squash = SQUASHES["squash"]

    def run(self, x):
        return applied(self.bound(self.norm(x)), self.squash)  # handed on, called by the helper


class Interval:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, a, b):
        if torch.abs(b - a) > 1:  # expect: CL101
            return (b - a) * self.scale
        return b - a


class Affine:
    def apply(self, x):
        if torch.mean(x) > 0:  # expect: CL101
            return x * 2
        return x


class Shift:
    def apply(self, x):
        if torch.amax(x) > 3:  # expect: CL101
            return x - 1
        return x


class Scale:
    def apply(self, x):
        if torch.amin(x) < -3:  # expect: CL101
            return x / 2
        return x


def make_affine():
    return Affine()


class Flow:
    def __init__(self):
        self.transform = make_affine()

    def reset(self):
        self.shift = Shift()

    def meta(self, x) -> Scale:
        return Scale()

    def log_prob(self, x):
        self.reset()
        x = self.transform.apply(x)
        x = self.shift.apply(x)
        return self.meta(x).apply(x)


def halve(x):
    return x / 2


def spread(x):
    if torch.std(x) > 3:  # expect: CL101
        return x / 3
    return x


ROUTINES = {"halve": halve, "spread": None}  # the last entry is filled in once its function exists
ROUTINES["spread"] = spread


def routine_for(name):
    return ROUTINES[name]


def solve(y0, t, method, activation):
    solver = SOLVERS[method](y0)
    y = solver.integrate(t)
    bm = Interval(2.0)
    y = y + bm(t[0], t[-1])
    y = ACTIVATIONS[activation](y)
    y = Block("clip").run(y)  # expect: CL158
    routine = routine_for("spread")
    y = routine(y)
    return Flow().log_prob(y)


fast_solve = torch.compile(solve)


class Report:
    def summary(self, y):
        if torch.sum(y) > 0:  # reached only from eager code: not compiled
            print("positive")


REPORTS = {"report": Report}


def eager_only(y):
    REPORTS["report"]().summary(y)
    report = Report()
    report.summary(y)


def example():
    y0, t = torch.randn(3), torch.linspace(0.0, 1.0, 4)
    return Example(solve, (y0, t, "euler", "gate"), variants=[(y0, t, "midpoint", "soften")])
