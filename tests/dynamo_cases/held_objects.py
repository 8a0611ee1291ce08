"""Objects `__init__` holds on self in two spellings the reach must follow: an instance made into a local name first
(`group = SE3(); self.group = group`, lie-transformer-pytorch's LieTransformer, held-out 22) and a function a
subclass's `__init__` puts on an attribute its base class's forward calls (`self._get_kernel = ...`, cliffordlayers'
Clifford encoders, held-out 22). Breaks in what they run are reported where dynamo reports them."""

import torch
from torch import nn


class Group:
    def lift(self, x):
        return self.log(x)

    def log(self, x):
        assert not torch.any(torch.isinf(x)), "inf in log"  # expect: CL101
        return x


def plain_kernel(weight, signature):
    return weight


def rotation_kernel(weight, signature):
    assert signature[0] == -1 and signature[1] == -1, "not a rotation signature"  # expect: CL101
    return weight


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(4, 4))
        self.register_buffer("signature", torch.tensor([-1.0, -1.0]))
        self._get_kernel = plain_kernel

    def forward(self, x):
        return x @ self._get_kernel(self.weight, self.signature)


class RotationConv(Conv):
    def __init__(self):
        super().__init__()
        self._get_kernel = rotation_kernel


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        group = Group()
        self.group = group
        self.conv = RotationConv()

    def forward(self, x):
        return self.conv(self.group.lift(x))


def example():
    return Model(), (torch.randn(2, 4),)
