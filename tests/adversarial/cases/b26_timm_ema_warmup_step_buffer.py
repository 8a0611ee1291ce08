"""An EMA-averaged head keeps its update count in a buffer (so it survives checkpoints) and picks the decay in a
helper: a warmup test of the buffer against a Python int is a tensor condition."""
import torch
from torch import nn


class EmaHead(nn.Module):
    def __init__(self, dim=4, decay=0.999, warmup_steps=10):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.decay = decay
        self.warmup_steps = warmup_steps
        self.register_buffer("num_updates", torch.tensor(3))
        self.register_buffer("ema", torch.zeros(dim))

    def get_decay(self):
        if self.num_updates <= self.warmup_steps:  # expect: CL101
            return 0.0
        return self.decay

    def forward(self, x):
        y = self.fc(x)
        d = self.get_decay()
        self.ema.mul_(d).add_(y.mean(0).detach(), alpha=1 - d)
        return y + self.ema


def example():
    return EmaHead(), (torch.randn(2, 4),)
