import torch
from compilelint import Example
from torch import nn


class Attention(nn.Module):
    """Saves its attention map's gradient for Grad-CAM style explanations, as explainability models write it."""

    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.attn_gradients = None

    def save_attn_gradients(self, grad):
        self.attn_gradients = grad  # expect: CL172

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn.register_hook(self.save_attn_gradients)
        return attn @ v


class Probe(nn.Module):
    """Keeps the gradients of its activations in a list."""

    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.grads = []

    def keep(self, grad):
        self.grads.append(grad)  # expect: CL172, CL203

    def forward(self, x):
        h = self.proj(x)
        h.register_hook(self.keep)
        return h.relu()


class Recorder(nn.Module):
    """Records the gradient of its output by name, with a hook written inside forward."""

    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.store = {}

    def forward(self, x):
        h = self.proj(x)

        def record(grad):
            self.store["recorder"] = grad  # expect: CL172

        h.register_hook(record)
        return h.relu()


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.attn = Attention(dim)
        self.probe = Probe(dim)
        self.recorder = Recorder(dim)

    def forward(self, x):
        return self.recorder(self.probe(self.attn(x)))


def example():
    return Example(Model().train(), (torch.randn(2, 6, 8),))
