"""Names bound only by star imports of project modules (`from star_helpers import *`, whose __init__ star-imports
common.py in turn): torch and nn resolve through them, so Model is an nn.Module and its conditions are on tensors.
Every marked line, here and in star_helpers/layers.py, breaks under dynamo."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from star_helpers import *  # noqa: E402,F403
from star_helpers.layers import Select  # noqa: E402

from compilelint import Example  # noqa: E402


class Model(nn.Module):  # noqa: F405
    def __init__(self):
        super().__init__()
        self.select = Select()

    def forward(self, x, lengths):
        if x.sum() > 0:  # expect: CL101
            x = x * 2
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)  # expect: CL159
        return self.select(x, lengths) + packed.data.sum()


def example():
    return Example(Model(), (torch.randn(3, 4), torch.tensor([4, 2, 3])))  # noqa: F405
