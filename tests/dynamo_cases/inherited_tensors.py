"""Tensors a base class of another file stores on self are tensors in its subclasses' methods: refiners' Solver sets
its timestep and noise tables in `__init__` (solvers/solver.py), and DDIM, DPM and LCM test and index them in `step`
(ddim.py:79, `if previous_timestep > 0`, missed in held-out 42: the engine inherited attribute kinds only from base
classes of the same file). Strong evidence only: a torch function's result, arithmetic and tensor methods of one, a
method of the class declared `-> Tensor`, `register_buffer`, `nn.Parameter`, an attribute stored again from itself.

Nothing is flagged where the base stores a float, an int, a list or what its caller passes, where another method of
the base stores a float in the same attribute (Schedule.reset), where the subclass stores its own value, or where a
subclass of the subclass stores a list: none of those break."""
import os
import sys

import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from inherited_helpers.schedules import Levels, Schedule  # noqa: E402


class Stepper(Schedule):
    def step(self, x, step: int):
        timestep = self.timesteps[step]
        if timestep > 0:  # expect: CL101
            x = x * 2
        if self.cumulative[step] > 0.5:  # expect: CL101
            x = x + 1
        if self.sigmas[step] > 1.0:  # expect: CL101
            x = x - 1
        if self.gain > 0:  # expect: CL101
            x = x / 2
        return x


class PlainStepper(Schedule):
    """Floats, ints, lists and passed values of the base: nothing breaks."""

    def step(self, x, step: int):
        if self.ratio > 0.1:
            x = x * 2
        if self.levels[step] > 0.1:
            x = x + 1
        if self.steps > 2:
            x = x - 1
        if self.table[step] > 0.2:
            x = x / 2
        if self.offset > 0:  # a float after reset()
            x = x + 3
        return x


class OwnStepper(Schedule):
    """The subclass stores its own list in an attribute the base stores a tensor in."""

    def __init__(self):
        super().__init__()
        self.timesteps = [3, 2, 1, 0]

    def step(self, x, step: int):
        if self.timesteps[step] > 0:
            x = x * 2
        return x


class LevelReader(Levels):
    def step(self, x, step: int):
        if self.levels[step] > 0.1:
            x = x * 2
        return x


class ListLevels(LevelReader):
    def __init__(self):
        super().__init__()
        self.levels = [0.0, 0.5, 1.0, 1.5]


class All(nn.Module):
    def __init__(self):
        super().__init__()
        self.stepper = Stepper()
        self.plain = PlainStepper()
        self.plain.reset()
        self.own = OwnStepper()
        self.levels = ListLevels()

    def forward(self, x):
        return self.stepper.step(x, 1) + self.plain.step(x, 2) + self.own.step(x, 1) + self.levels.step(x, 2)


def example():
    return All(), (torch.randn(3, 8),)
