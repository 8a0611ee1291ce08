"""`from datetime import datetime`: `datetime.now()` in forward."""
from datetime import datetime

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x + 1
        stamp = datetime.now()  # expect: CL132
        return h * stamp.microsecond


def example():
    return Model(), (torch.randn(2, 3),)
