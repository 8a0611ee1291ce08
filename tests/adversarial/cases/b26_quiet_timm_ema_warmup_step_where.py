"""The EMA head's twin: the decay is chosen with `torch.where` on the update-count buffer, no Python test."""
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
        return torch.where(self.num_updates <= self.warmup_steps, 0.0, self.decay)

    def forward(self, x):
        y = self.fc(x)
        d = self.get_decay()
        self.ema.copy_(self.ema * d + y.mean(0).detach() * (1 - d))
        return y + self.ema


def example():
    return EmaHead(), (torch.randn(2, 4),)
