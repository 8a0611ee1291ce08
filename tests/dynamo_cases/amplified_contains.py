"""`0 in ids` is Tensor.__contains__ reading `.item()`: the break is at no call of the frame's own, so
dynamo cannot resume after it and gives up on the whole frame (0 graphs); the print after it runs eagerly and
is never reported."""

import torch
from torch import nn


class PaddingCheck(nn.Module):
    def forward(self, ids):
        h = ids * 2
        if 0 in ids:  # expect: CL111
            h = h + 1
        print("checked padding")
        return h * 3


def example():
    return PaddingCheck(), (torch.tensor([[3, 0], [1, 2]]),)
