"""Stochastic depth decided with a torch draw: one tensor-valued `if`, one sample mask that stays a tensor."""
import torch
from torch import nn


class StochasticDepth(nn.Module):
    def __init__(self, p=0.3, mode="row"):
        super().__init__()
        self.p, self.mode = p, mode

    def forward(self, x):
        if not self.training or self.p == 0.0:
            return x
        survival_rate = 1.0 - self.p
        if self.mode == "row":
            size = [x.shape[0]] + [1] * (x.ndim - 1)
        else:
            size = [1] * x.ndim
        noise = torch.empty(size, dtype=x.dtype, device=x.device).bernoulli_(survival_rate)
        if survival_rate > 0.0:
            noise.div_(survival_rate)
        return x * noise


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.sd = StochasticDepth()
        self.layer_drop = 0.5

    def forward(self, x):
        if self.training and torch.rand(1) < self.layer_drop:  # expect: CL101
            return x
        return x + self.sd(self.fc(x))


def example():
    return Layer().train(), (torch.randn(2, 8),)
