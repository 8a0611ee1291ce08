"""A multistep sampler as a module: the order and the step count are plain ints with int defaults, so comparisons of
loop counters with arithmetic on them are Python bools."""
import torch
from torch import nn


class MultistepSampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)

    def forward(self, x, sigmas, order=2, num_steps=3):
        history = []
        for step in range(num_steps):
            d = self.net(x) * sigmas[step]
            history.append(d)
            if len(history) > order:
                history.pop(0)
            cur_order = min(step + 1, order)
            for j in range(cur_order):
                if j == cur_order - 1:
                    x = x + history[-1 - j]
            if step + 1 < num_steps:
                x = x * 0.5
        return x


def example():
    return MultistepSampler(), (torch.randn(2, 4), torch.linspace(1, 0.1, 3))
