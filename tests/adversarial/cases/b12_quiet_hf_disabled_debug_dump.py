"""A debug dump excluded from compilation with `torch.compiler.disable` and called only when the config's debug
flag is set; it is not set, so forward never calls it."""
import torch
from torch import nn

from b12_quiet_hf_base import Config


@torch.compiler.disable
def dump_activations(name, tensor):
    print(name, tensor.abs().max().item(), tensor.mean().item())


class Layer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.debug = config.debug
        self.linear = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, x):
        out = torch.tanh(self.linear(x))
        if self.debug:
            dump_activations("layer", out)  # known-fp: CL141
        return out


def example():
    return Layer(Config()), (torch.randn(2, 8),)
