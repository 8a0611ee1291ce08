"""A sequence classifier that warns once, through the module logger's `warning_once`, when the pad token
appears in the last column of a left-padded batch. The check is `pad_token_id in input_ids[:, -1]`."""
import functools
import logging

import torch
from torch import nn


@functools.lru_cache(None)
def warning_once(self, *args):
    self.warning(*args)


logging.Logger.warning_once = warning_once
logger = logging.getLogger(__name__)


class Config:
    pad_token_id = 0
    vocab_size = 7
    hidden_size = 4


class SequenceClassifier(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)
        self.score = nn.Linear(config.hidden_size, 2)

    def forward(self, input_ids):
        if self.config.pad_token_id in input_ids[:, -1]:  # expect: CL111
            logger.warning_once("padding found at the end of a sequence")
        logits = self.score(self.embed(input_ids))
        return logits[:, -1]


def example():
    return SequenceClassifier(), (torch.tensor([[3, 4, 5], [1, 2, 6]]),)
