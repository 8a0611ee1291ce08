"""A timm-style block whose norm and activation layers are constructor arguments with class defaults
(`norm_layer=nn.LayerNorm`, `act_layer=nn.GELU`), built in __init__ (`self.norm1 = norm_layer(dim)`): what
`self.norm1(x)` returns is a tensor, so a data-dependent test of it breaks; and an MLP whose activation is a
constructor argument defaulting to a project function (`act_fn=clamped_gelu`, stored as `self.act = act_fn`):
calling `self.act(h)` in forward runs that function's body compiled."""
import torch
from torch import nn
from torch.nn import functional as F


def clamped_gelu(x):
    limit = x.abs().amax().item()  # expect: CL111
    return F.gelu(x).clamp(max=limit)


class Mlp(nn.Module):
    def __init__(self, dim, hidden, act_fn=clamped_gelu, drop=0.0):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = act_fn
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Block(nn.Module):
    def __init__(self, dim, mlp_ratio=2, norm_layer=nn.LayerNorm, act_layer=nn.GELU, mlp_layer=Mlp):
        super().__init__()
        self.norm1 = norm_layer(dim)
        self.act = act_layer()
        self.norm2 = norm_layer(dim)
        self.mlp = mlp_layer(dim, dim * mlp_ratio)

    def forward(self, x):
        h = self.act(self.norm1(x))
        if h.amax() > 3.0:  # expect: CL101
            h = h * 0.5
        y = self.norm2(x + h)
        return x + self.mlp(y)


def example():
    return Block(8), (torch.randn(2, 5, 8),)
