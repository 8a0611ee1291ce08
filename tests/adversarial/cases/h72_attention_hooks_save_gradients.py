"""Explainability ViTs (txv's): the attention block registers a hook on its attention map in forward that saves the
map's gradient on the module for Grad-CAM / rollout explanations; the MLP block registers one that clamps the
gradient. Dynamo traces a hook registered in compiled code as a higher-order op: the saving one changes the module
from inside it (GB0067, on the store); the clamping one only computes and compiles. A hook nested in forward that
writes into a dict forward was handed breaks as well, when that dict is state of the caller (a known miss: only
changes of `self` are reported)."""
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.attn_gradients = None

    def save_attgradients(self, grad):
        self.attn_gradients = grad  # expect: CL172

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn.register_hook(self.save_attgradients)
        return attn @ v


class Mlp(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def clamp(self, grad):
        clamped = grad.clamp(-1, 1)
        return clamped

    def forward(self, x):
        h = self.fc(x)
        h.register_hook(self.clamp)
        return h.relu()


class Probe(nn.Module):
    def forward(self, x, saved):
        h = x * 2

        def keep(grad):
            saved["probe"] = grad  # known-miss: CL172

        h.register_hook(keep)
        return h.relu()


class Explained(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention(8)
        self.mlp = Mlp(8)
        self.probe = Probe()
        self.saved = {}

    def forward(self, x):
        return self.probe(self.mlp(self.attn(x)), self.saved).sum(-1)


def example():
    return Explained().train(), (torch.randn(2, 5, 8),)
