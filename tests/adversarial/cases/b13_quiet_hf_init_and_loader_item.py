"""`.item()`, prints and value tests run only in `__init__`, `post_init` and the loader; forward only
reads the Python float they stored."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config, PreTrainedModel


class NormedModel(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.post_init()
        self.scale = 1.0 / max(self.dense.weight.norm().item(), 1e-6)
        if (self.dense.weight.abs() > 1).any():
            print("large initial weights")

    def forward(self, hidden):
        return self.dense(hidden) * self.scale


def example():
    state = {"dense.bias": torch.zeros(8)}
    return NormedModel.from_pretrained(Config(), state), (torch.randn(1, 3, 8),)
