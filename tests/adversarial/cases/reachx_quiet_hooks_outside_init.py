"""Hooks registered outside __init__'s own statements that only compute (a method __init__ calls registers a bound
method and a function; factories make closures scaling the output), and a factory with bookkeeping of its own that
runs once, at __init__ (its `print` never runs in the compiled forward). Dynamo runs each hook inline with no break."""
import torch
from torch import nn


def halve(module, args, output):
    return output * 0.5


def make_scale(factor):
    def scale(module, args, output):
        return output * factor
    return scale


def make_noted_clamp(names, name):
    print("registering", name)
    names.append(name)

    def clamp(module, args, output):
        return output.clamp(-1.0, 1.0)
    return clamp


class ScaledTaps(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)
        self.registered = []
        self._register_taps()
        self.stem.register_forward_hook(self._make_shift(0.1))
        self.head.register_forward_hook(make_scale(2.0))
        self.head.register_forward_hook(make_noted_clamp(self.registered, "head"))

    def _register_taps(self):
        self.stem.register_forward_hook(halve)
        self.head.register_forward_hook(self._tanh)

    def _tanh(self, module, args, output):
        return torch.tanh(output)

    def _make_shift(self, amount):
        def shift(module, args, output):
            return output + amount
        return shift

    def forward(self, x):
        return self.head(torch.relu(self.stem(x)))


def example():
    return ScaledTaps(), (torch.randn(3, 4),)
