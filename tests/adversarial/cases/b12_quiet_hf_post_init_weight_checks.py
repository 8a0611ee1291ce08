"""Weight initialisation and checks that read tensor values (`.item()`, tests on `.all()`, a log line) run from
`__init__` through `post_init` and `apply`, never from forward."""
import math

import torch
from torch import nn

from b12_quiet_hf_base import Config, PreTrainedModel


class Model(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embed = nn.Embedding(10, config.hidden_size)
        self.out = nn.Linear(config.hidden_size, config.hidden_size)
        self.post_init()
        self._tie_or_report()

    def _init_weights(self, module):
        super()._init_weights(module)
        if isinstance(module, nn.Embedding):
            std = module.weight.std().item()
            if std > 1.0:
                module.weight.data.mul_(1.0 / math.sqrt(std))

    def _tie_or_report(self):
        if (self.out.weight == 0).all():
            print("output projection is all zeros")

    def forward(self, input_ids):
        return self.out(self.embed(input_ids))


def example():
    return Model(Config()), (torch.tensor([[1, 2, 3]]),)
