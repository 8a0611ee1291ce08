"""The current `warn_if_padding_and_no_attention_mask`: the first test returns early when fx, jit tracing or dynamo
compiles the model (`is_torchdynamo_compiling()` in a utils helper), so the `in` test on the token tensor is never
reached compiled."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def is_torchdynamo_compiling():
    try:
        import torch
        return torch.compiler.is_compiling()
    except Exception:
        return False


class ConfigStub:
    pad_token_id = 0


class EncoderStub(nn.Module):
    def __init__(self, config=ConfigStub()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(16, 8)

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        if torch.jit.is_tracing() or is_torchdynamo_compiling():
            return
        if (attention_mask is not None) or (self.config.pad_token_id is None):
            return
        if self.config.pad_token_id in input_ids[:, [-1, 0]]:
            logger.warning("We strongly recommend passing in an `attention_mask` since your input_ids may be padded.")

    def forward(self, input_ids, attention_mask=None):
        self.warn_if_padding_and_no_attention_mask(input_ids, attention_mask)
        return self.embed(input_ids).mean(1)


def example():
    return EncoderStub(), (torch.randint(1, 16, (2, 5)),)
