"""`F.pad(x, pad=...)` with a pad that is a tensor value: GB0033 on 2.13, as by position (sizes_of_more_torch_functions.py).
An example of its own: dynamo reports a second tensor-padded `F.pad` of one example inside torch/nn/functional.py,
not on the caller's line. Pads from shapes and configuration are Python ints and compile."""

import torch
import torch.nn.functional as F
from torch import nn


class Pads(nn.Module):
    def __init__(self, pad: int = 2):
        super().__init__()
        self.pad = pad

    def forward(self, x):
        fixed = F.pad(x, pad=(0, self.pad, 0, x.shape[-2] % 3), value=0.0)
        framed = F.pad(x, pad=(0, 0, 0, (x > 100).sum() + 1), value=0.0)  # expect: CL124
        return fixed.sum() + framed.sum()


def example():
    return Pads(), (torch.randn(1, 2, 4, 4),)
