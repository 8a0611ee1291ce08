"""Constructor arguments whose defaults compile: a norm layer class defaulting to a project norm whose forward
branches on shapes only, an activation defaulting to a project function that reads sizes, a hook that is None
by default and never passed (`self.fn = fn` holds None), and a norm argument rebound in __init__
(`norm_layer = norm_layer or nn.Identity`): no break, nothing to report."""
import torch
from torch import nn
from torch.nn import functional as F


def shaped_act(x):
    if x.shape[-1] > 4:
        return F.silu(x)
    return F.relu(x)


def noisy_hook(x):
    if x.sum() > 0:
        return x * 2
    return x


class ChannelNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        if x.dim() == 4:
            x = x.permute(0, 2, 3, 1)
        return F.layer_norm(x, x.shape[-1:], self.weight, None, self.eps)


class Stage(nn.Module):
    def __init__(self, dim, norm_layer=ChannelNorm, act=shaped_act, fn=None, head_norm=None):
        super().__init__()
        self.norm = norm_layer(dim)
        self.act = act
        self.fn = fn
        head_norm = head_norm or nn.Identity
        self.head = head_norm(dim)

    def forward(self, x):
        y = self.act(self.norm(x))
        if self.fn is not None:
            y = self.fn(y)
        if y.dim() == 3:
            y = y * 2
        return self.head(y)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = Stage(8)

    def forward(self, x):
        return self.stage(x)


def example():
    return Model(), (torch.randn(2, 5, 8),)
