"""An older `warn_if_padding_and_no_attention_mask`: with no attention mask and a pad id configured, it warns when
the pad id shows up among the first or last tokens (`pad_token_id in input_ids[:, [-1, 0]]`); only tracing by
`torch.jit` and fx is skipped."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class ConfigStub:
    pad_token_id = 0


class EncoderStub(nn.Module):
    def __init__(self, config=ConfigStub()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(16, 8)

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        if torch.jit.is_tracing():
            return
        if (attention_mask is not None) or (self.config.pad_token_id is None):
            return
        if self.config.pad_token_id in input_ids[:, [-1, 0]]:  # expect: CL111
            logger.warning("We strongly recommend passing in an `attention_mask` since your input_ids may be padded.")

    def forward(self, input_ids, attention_mask=None):
        self.warn_if_padding_and_no_attention_mask(input_ids, attention_mask)
        return self.embed(input_ids).mean(1)


def example():
    return EncoderStub(), (torch.randint(1, 16, (2, 5)),)
