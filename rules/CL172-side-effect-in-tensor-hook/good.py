import torch
from compilelint import Example
from torch import nn


class Attention(nn.Module):
    """Scales its attention map's gradient with a hook that only computes, and saves nothing from inside it."""

    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.attn_map = None

    def scale(self, grad):
        scaled = grad * 0.5  # a local of the hook
        return scaled

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn.register_hook(self.scale)
        attn.register_hook(lambda grad: grad.clamp(-1, 1))
        self.attn_map = attn.detach()  # outside the hook: an ordinary attribute store
        return attn @ v


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.attn = Attention(dim)
        self.head = nn.Linear(dim, dim)

    def forward(self, x):
        return self.head(self.attn(x))


def example():
    return Example(Model().train(), (torch.randn(2, 6, 8),))
