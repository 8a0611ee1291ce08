"""A test-time-augmentation head replays the same noise for each view: it saves the CPU generator state and
restores it before each draw."""
import torch
from torch import nn


class NoisyTTAHead(nn.Module):
    def __init__(self, dim=4, views=2, sigma=0.1):
        super().__init__()
        self.fc = nn.Linear(dim, 2)
        self.views = views
        self.sigma = sigma

    def forward(self, x):
        state = torch.get_rng_state()  # expect: CL134
        outs = []
        for _ in range(self.views):
            torch.set_rng_state(state)  # expect: CL134
            outs.append(self.fc(x + self.sigma * torch.randn_like(x)))
        return torch.stack(outs).mean(0)


def example():
    return NoisyTTAHead(), (torch.randn(2, 4),)
