"""A ModuleUtils-style mixin warns when the batch looks padded but no attention mask was given. The check is
`pad_token_id in input_ids[:, [-1, 0]]`, a containment test on a tensor; the model inherits the mixin through
a pretrained base class."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class ModuleUtilsMixin:
    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        if attention_mask is not None or self.config.pad_token_id is None:
            return
        if self.config.pad_token_id in input_ids[:, [-1, 0]]:  # expect: CL111
            logger.warning("We strongly recommend passing in an `attention_mask`.")


class PreTrainedModel(nn.Module, ModuleUtilsMixin):
    config_class = None


class Config:
    pad_token_id = 0
    vocab_size = 10
    hidden_size = 4


class EncoderModel(PreTrainedModel):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.embeddings = nn.Embedding(config.vocab_size, config.hidden_size)

    def forward(self, input_ids, attention_mask=None):
        self.warn_if_padding_and_no_attention_mask(input_ids, attention_mask)
        if attention_mask is None:
            attention_mask = torch.ones_like(input_ids)
        return self.embeddings(input_ids) * attention_mask[..., None]


def example():
    return EncoderModel(Config()), (torch.tensor([[3, 4, 0], [5, 6, 7]]),)
