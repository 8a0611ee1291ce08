"""A learned temperature tested with a chained comparison: `0 < t < 1` asks Python for the truth of a tensor."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class TemperatureHead(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.head = nn.Linear(config.hidden_size, 4)
        self.temperature = nn.Parameter(torch.tensor(0.5))

    def forward(self, hidden):
        logits = self.head(hidden)
        if 0 < self.temperature < 1:  # expect: CL101
            logits = logits / self.temperature
        return logits.softmax(-1)


def example():
    return TemperatureHead(Config()), (torch.randn(1, 3, 8),)
