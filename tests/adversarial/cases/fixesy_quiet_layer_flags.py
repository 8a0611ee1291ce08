"""Neuron-kind flags set by a reset the compiled step calls, in two shapes that compile: the module binds the flags
at top level (the reset only rebinds them), and a reset whose module does not bind them but which logs between the
binding and the read (the print's graph break applies the pending stores first)."""
import torch
from torch import nn

is_leaky = False


def reset(net):
    global is_leaky
    is_leaky = any(isinstance(m, nn.Linear) for m in net.modules())


def layer_gain():
    if is_leaky:
        return 0.5
    return 1.0


def reset_logged(net):
    global has_norm
    has_norm = False
    print("reset")  # expect: CL131
    return norm_gain()


def norm_gain():
    if has_norm:
        return 0.5
    return 1.0


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        reset(self)
        g = layer_gain()
        return self.fc(x) * g * reset_logged(self)


def example():
    return Net(), (torch.randn(4),)
