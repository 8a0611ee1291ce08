"""Model EMA updated from the compiled step: the decay warm-up reads an int counter kept in a buffer."""
import torch
from torch import nn


class EmaWrapper(nn.Module):
    def __init__(self, decay=0.99, warmup=10):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.ema_weight = nn.Parameter(self.net.weight.detach().clone(), requires_grad=False)
        self.register_buffer("updates", torch.tensor(0))
        self.decay, self.warmup = decay, warmup

    def forward(self, x):
        self.updates += 1
        step = self.updates.item()  # expect: CL111
        d = self.decay * (1 - 0.9 ** (step / self.warmup))
        self.ema_weight.mul_(d).add_(self.net.weight.detach(), alpha=1 - d)
        return self.net(x)


def example():
    return EmaWrapper(), (torch.randn(2, 4),)
