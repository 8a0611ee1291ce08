"""Integrated gradients over a ViT (txv's explainer): each point of the straight path from a baseline to the image is
a new tensor, `outs = baseline + alpha * (image - baseline)`, turned on to take its gradient; an LRP layer keeps its
input detached on the module and turns that on. Both are leaves without grad: setting the flag breaks (GB0206), even
to turn it off."""
import torch
from torch import nn


class Path(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 3)

    def forward(self, image, baseline):
        outs = baseline + 0.5 * (image - baseline)
        outs.requires_grad = True  # expect: CL146
        plain = image * 2
        plain.requires_grad = False  # expect: CL146
        return self.head(outs).sum(-1) + plain.sum(-1)


class KeepsInput(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        self.X = x.detach()
        self.X.requires_grad = True  # expect: CL146
        return self.lin(self.X)


class Explained(nn.Module):
    def __init__(self):
        super().__init__()
        self.path = Path()
        self.keep = KeepsInput()

    def forward(self, image):
        return self.path(image, torch.zeros_like(image)) + self.keep(image).sum(-1)


def example():
    return Explained(), (torch.randn(2, 8),)
