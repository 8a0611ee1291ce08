"""A model whose breaks sit in helpers of flow_xmod_utils (imported three ways); the breaking lines are
in that file, this one only calls them."""
import torch
from torch import nn

import flow_xmod_utils
from flow_xmod_utils import normalize
from flow_xmod_utils import scale_to_unit as to_unit


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        x = normalize(self.lin(x))
        x = to_unit(x)
        return flow_xmod_utils.report(x)


def example():
    return Model(), (torch.randn(2, 4),)
