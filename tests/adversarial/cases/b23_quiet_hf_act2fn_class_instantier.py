"""The activation registry `ACT2FN` is an OrderedDict subclass whose `__getitem__` instantiates the class it maps
to (with its kwargs); a gated MLP looks its activation up in forward by the configured name."""
from collections import OrderedDict

import torch
from torch import nn


class ClassInstantier(OrderedDict):
    def __getitem__(self, key):
        content = super().__getitem__(key)
        cls, kwargs = content if isinstance(content, tuple) else (content, {})
        return cls(**kwargs)


ACT2CLS = {"gelu": nn.GELU, "gelu_pytorch_tanh": (nn.GELU, {"approximate": "tanh"}), "silu": nn.SiLU}
ACT2FN = ClassInstantier(ACT2CLS)


class GatedMLP(nn.Module):
    def __init__(self, hidden_act="gelu_pytorch_tanh", d=8, inter=16):
        super().__init__()
        self.hidden_act = hidden_act
        self.gate_proj, self.up_proj = nn.Linear(d, inter), nn.Linear(d, inter)
        self.down_proj = nn.Linear(inter, d)

    def forward(self, x):
        act = ACT2FN[self.hidden_act]
        return self.down_proj(act(self.gate_proj(x)) * self.up_proj(x))


def example():
    return GatedMLP(), (torch.randn(2, 3, 8),)
