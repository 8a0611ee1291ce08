"""Methods of self registered in __init__ as forward (pre-)hooks of self or of a submodule, directly or through
`functools.partial(self.method, name)`, run in the module's compiled call: a break in them is a break of the model
(GB0124, GB0170). A hook method that only stores a tensor compiles, and one registered by a method forward never
calls does not run."""
from functools import partial

import torch
from torch import nn


class HookedStats(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.fc = nn.Linear(dim, dim)
        self.stats = {}
        self.features = {}
        for name, module in self.blocks.named_children():
            module.register_forward_hook(partial(self._record, name))
        self.fc.register_forward_pre_hook(self._check_finite)
        self.register_forward_hook(self._keep)

    def _record(self, name, module, inputs, output):
        self.stats[name] = output.abs().mean().item()  # expect: CL111

    def _check_finite(self, module, args):
        if not torch.isfinite(args[0]).all():  # expect: CL101
            raise ValueError("non-finite input")

    def _keep(self, module, inputs, output):
        self.features["out"] = output.detach()

    def enable_debug(self):
        self.fc.register_forward_hook(self._debug)

    def _debug(self, module, inputs, output):
        print("fc", output.shape)

    def forward(self, x):
        return self.fc(self.blocks(x))


def example():
    return HookedStats(), (torch.randn(2, 4),)
