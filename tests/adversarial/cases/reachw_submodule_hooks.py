"""Forward hooks a module's __init__ registers on its submodules: on a child attribute, on each Linear of
`self.modules()`, a `functools.partial` of a function, and a bound method. Dynamo runs every one inline in the
compiled forward (the child's call runs its hooks), and a `print` in each breaks on the hook's own line (GB0059)."""
import functools

import torch
from torch import nn


def announce(module, args, output):
    print("linear out", output.shape)  # expect: CL131
    return output


def check_input(module, args):
    print("block in", args[0].shape)  # expect: CL131


def tagged(module, args, output, tag=""):
    print(tag, output.shape)  # expect: CL131
    return output


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.proj(x))


class Hooked(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.head = nn.Linear(4, 2)
        self.block.register_forward_pre_hook(check_input)
        for module in self.modules():
            if isinstance(module, nn.Linear):
                module.register_forward_hook(announce)
        self.head.register_forward_hook(functools.partial(tagged, tag="head"))
        self.block.register_forward_hook(self._log_block)

    def _log_block(self, module, args, output):
        print("block out", output.mean())  # expect: CL131
        return output

    def forward(self, x):
        return self.head(self.block(x))


def example():
    return Hooked(), (torch.randn(3, 4),)
