"""Before decoding, generation validates the prompt length against `max_length`; with left padding the prompt
length is counted from the attention mask rather than read off the input shape."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class GenerationConfigStub:
    max_length = 20
    min_length = 0


class Generator(nn.Module):
    def __init__(self, config=GenerationConfigStub()):
        super().__init__()
        self.generation_config = config
        self.embed = nn.Embedding(16, 8)

    def _validate_generated_length(self, generation_config, input_ids_length):
        if input_ids_length >= generation_config.max_length:  # expect: CL101
            logger.warning(f"Input length is {input_ids_length}, but `max_length` is set to {generation_config.max_length}.")  # known-fp: CL131

    def forward(self, input_ids, attention_mask):
        input_ids_length = attention_mask.sum(-1).max()
        self._validate_generated_length(self.generation_config, input_ids_length)
        return self.embed(input_ids) * attention_mask[..., None]


def example():
    mask = torch.ones(2, 5, dtype=torch.long)
    mask[0, :2] = 0
    return Generator(), (torch.randint(0, 16, (2, 5)), mask)
