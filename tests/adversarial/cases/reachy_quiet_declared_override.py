"""The shape of reachy_declared_override.py with quiet overrides: a user-chosen parametrization held by the sampler
(`self.parametrization = parametrization or IdentityTarget()`), whose subclasses' `get_x0` only compute, and a class of
another hierarchy with a printing `get_x0` that no sampler can hold. No break."""
from typing import Optional

import torch
from torch import nn

import compilelint


class Target:
    def get_x0(self, model, xt, t):
        return model(xt) * t


class IdentityTarget(Target):
    def get_x0(self, model, xt, t):
        return model(xt)


class ScaledTarget(IdentityTarget):
    def __init__(self, scale: float = 0.5):
        self.scale = scale

    def get_x0(self, model, xt, t):
        return model(xt) * self.scale


class Unrelated:
    def get_x0(self, model, xt, t):
        print("debug", xt.shape)
        return xt


class QuietSampler:
    def __init__(self, parametrization: Optional[Target] = None):
        self.parametrization = parametrization or IdentityTarget()

    @torch.compile(backend="eager")
    def pred_x0(self, model, xt, t):
        return self.parametrization.get_x0(model, xt, t).clamp(-1, 1)


def example():
    Unrelated().get_x0(None, torch.zeros(1), 0.0)
    sampler = QuietSampler(globals()["ScaledTarget"]())
    return compilelint.Example(sampler.pred_x0, (nn.Linear(4, 4), torch.randn(3, 4), torch.tensor(0.5)),
                               compiles_itself=True)
