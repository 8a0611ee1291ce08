"""Forward hooks registered on submodules that only compute: a function scaling the child's output, a bound method
clamping it, a pre-hook rescaling the input and a partial adding a bias. Dynamo runs them inline in the compiled
forward with no break."""
import functools

import torch
from torch import nn


def double(module, args, output):
    return output * 2


def shift_input(module, args, scale=1.0):
    return (args[0] * scale,)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.out = nn.Linear(4, 4)
        self.proj.register_forward_hook(double)
        self.out.register_forward_pre_hook(functools.partial(shift_input, scale=0.5))
        for name, module in self.named_modules():
            if name == "out":
                module.register_forward_hook(self._clip)

    def _clip(self, module, args, output):
        return output.clamp(-1.0, 1.0)

    def forward(self, x):
        return self.out(torch.tanh(self.proj(x)))


def example():
    return Encoder(), (torch.randn(3, 4),)
