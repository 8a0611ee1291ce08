"""Helpers for reachy_hooks_further.py and reachy_quiet_hooks_further.py: a function a model's __init__ hands itself to,
registering a forward hook of this file on the model's head (timm's FeatureHooks style), one registering a quiet hook,
and one that only initialises weights (its `print` runs once, in __init__). The file's own example attaches the
printing tap to a head: dynamo breaks in it (GB0059)."""
import torch
from torch import nn


def lib_tap(module, args, output):
    print("lib tap", output.shape)  # expect: CL131
    return output


def quiet_tap(module, args, output):
    return output * 1.0


def attach_taps(model):
    model.head.register_forward_hook(lib_tap)


def attach_quiet_taps(model):
    model.head.register_forward_hook(quiet_tap)


def init_weights(model):
    for module in model.modules():
        if isinstance(module, nn.Linear):
            nn.init.zeros_(module.bias)
            print("initialised", module)  # runs once, in __init__: never compiled
    torch.manual_seed(0)


class TappedHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(2, 2)
        attach_taps(self)

    def forward(self, x):
        return self.head(x)


def example():
    return TappedHead(), (torch.randn(3, 2),)
