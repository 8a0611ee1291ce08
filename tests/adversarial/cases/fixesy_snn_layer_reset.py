"""A spiking network reset in the style of snnTorch's `utils.reset`, compiled with the step: the reset declares the
neuron-kind flags `global`, clears them, sets them by walking the network, then calls the layer reset, which reads
them. The module never binds the flags at top level, so inside the traced frame the stores are pending and the first
read finds no such global. A naive linter sees plain Python flags."""
import torch
from torch import nn


class Leaky(nn.Module):
    def __init__(self):
        super().__init__()
        self.mem = torch.zeros(4)

    def forward(self, x):
        self.mem = 0.9 * self.mem + x
        return (self.mem > 1.0).float()


def reset(net):
    global is_leaky
    global is_linear
    is_leaky = False
    is_linear = False
    _layer_check(net)
    return _layer_reset(net)


def _layer_check(net):
    global is_leaky
    global is_linear
    for m in net.modules():
        if isinstance(m, Leaky):
            is_leaky = True
        if isinstance(m, nn.Linear):
            is_linear = True


def _layer_reset(net):
    if is_leaky:  # expect: CL180
        return 0.0
    return 1.0


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.lif = Leaky()

    def forward(self, x):
        keep = reset(self)
        return self.lif(self.fc(x)) * keep


def example():
    return Net(), (torch.randn(4),)
