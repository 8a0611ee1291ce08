import sys

import torch
from torch import nn


class Progress(nn.Module):
    def forward(self, x):
        h = x * 2
        if not torch.compiler.is_compiling():
            sys.stderr.write("step\n")  # expect: CL139
        h = h + 1
        if not torch.compiler.is_compiling():
            sys.stdout.flush()  # expect: CL139
        return h


def example():
    return Progress(), (torch.randn(2, 8),)
