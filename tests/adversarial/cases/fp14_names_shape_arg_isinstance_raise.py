"""A sampler loop whose shape argument is checked with `if not isinstance(...): raise` (not an assert) before it
sizes the starting noise and the timestep batch."""
import torch
from torch import nn


def sample_loop(model, shape, steps=2):
    if not isinstance(shape, (tuple, list)):
        raise TypeError("shape must be a tuple or a list")
    img = torch.randn(*shape)
    for i in reversed(range(steps)):
        t = torch.full((shape[0],), i, dtype=torch.long)
        img = model(img) + t[:, None] * 0.0
    return img


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)

    def forward(self, shape):
        return sample_loop(self.net, shape)


def example():
    return Sampler(), ((2, 4),)
