"""The EMA warmup twin: the decay is computed with tensor ops (`torch.pow`, `clamp`) on the update-count buffer."""
import torch
from torch import nn


class ModelEmaV3(nn.Module):
    def __init__(self, dim=4, decay=0.9999, warmup_power=0.75):
        super().__init__()
        self.module = nn.Linear(dim, dim)
        self.decay = decay
        self.warmup_power = warmup_power
        self.register_buffer("updates", torch.tensor(5.0))

    def get_decay(self):
        return (1 - torch.pow(1 + self.updates, -self.warmup_power)).clamp(max=self.decay)

    def forward(self, x):
        return self.module(x) * self.get_decay()


def example():
    return ModelEmaV3(), (torch.randn(2, 4),)
