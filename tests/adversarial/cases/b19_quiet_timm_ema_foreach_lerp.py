"""A model-EMA wrapper that updates its shadow weights in forward with torch._foreach_lerp_ (a Python decay
computed from a Python step count kept fixed here)."""
import torch
from torch import nn


class EmaWrapper(nn.Module):
    def __init__(self, dim=4, decay=0.999, warmup_power=0.75, step=10):
        super().__init__()
        self.model = nn.Linear(dim, dim)
        self.ema = nn.Linear(dim, dim)
        self.decay, self.warmup_power, self.step = decay, warmup_power, step

    def get_decay(self):
        value = 1 - (1 + self.step) ** -self.warmup_power
        return max(min(value, self.decay), 0.0)

    def forward(self, x):
        decay = self.get_decay()
        with torch.no_grad():
            ema_params = list(self.ema.parameters())
            model_params = list(self.model.parameters())
            torch._foreach_lerp_(ema_params, model_params, weight=1.0 - decay)
        return self.model(x), self.ema(x)


def example():
    return EmaWrapper(), (torch.randn(2, 4),)
