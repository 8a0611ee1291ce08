"""Setting `.requires_grad` on a parameter breaks whatever the value (GB0206), even on one that requires grad
already; `requires_grad_(False)` on one breaks (GB0125), `requires_grad_(True)` is a no-op that compiles.
The parameters are the loop names over `.parameters()` and `.named_parameters()` (flamingo-pytorch freezes and
unfreezes its layers in forward)."""
import torch
from torch import nn


def freeze(module):
    for param in module.parameters():
        param.requires_grad = False  # expect: CL146


def train_only(module, prefix):
    for name, param in module.named_parameters():
        param.requires_grad = name.startswith(prefix)  # expect: CL146


def drop_grad(module):
    for param in module.parameters():
        param.requires_grad_(False)  # expect: CL146


def keep_grad(module):
    for param in module.parameters():
        param.requires_grad_(True)


def count_trained(module):
    return sum(1 for param in module.parameters() if param.requires_grad)


class Towers(nn.Module):
    def __init__(self):
        super().__init__()
        self.vision = nn.Linear(8, 8)
        self.text = nn.Linear(8, 8)
        self.fusion = nn.Linear(8, 8)
        self.head = nn.Linear(8, 8)

    def forward(self, x):
        freeze(self.vision)
        train_only(self.text, "weight")
        drop_grad(self.fusion)
        keep_grad(self.head)
        x = self.head(self.fusion(self.text(self.vision(x))))
        return x * count_trained(self)


def example():
    return Towers(), (torch.randn(2, 8),)
