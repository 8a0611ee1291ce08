"""warn_if_padding_and_no_attention_mask: skipped while tracing, else a `pad_token_id in ids[:, [-1, 0]]` test."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def is_torchdynamo_compiling():
    return torch.compiler.is_compiling()


class Config:
    pad_token_id = 0


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()
        self.embed = nn.Embedding(16, 4)

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        if is_torchdynamo_compiling() or torch.jit.is_tracing():
            return
        if attention_mask is not None or self.config.pad_token_id is None:
            return
        if self.config.pad_token_id in input_ids[:, [-1, 0]]:
            logger.warning("We strongly recommend passing in an `attention_mask` since your input_ids may be padded.")

    def get_extended_attention_mask(self, attention_mask, input_shape, dtype=torch.float32):
        if attention_mask.dim() == 3:
            extended_attention_mask = attention_mask[:, None, :, :]
        elif attention_mask.dim() == 2:
            extended_attention_mask = attention_mask[:, None, None, :]
        else:
            raise ValueError(
                f"Wrong shape for input_ids (shape {input_shape}) or attention_mask (shape {attention_mask.shape})"
            )
        extended_attention_mask = extended_attention_mask.to(dtype=dtype)
        return (1.0 - extended_attention_mask) * torch.finfo(dtype).min

    def forward(self, input_ids, attention_mask=None):
        self.warn_if_padding_and_no_attention_mask(input_ids, attention_mask)
        if attention_mask is None:
            attention_mask = torch.ones(input_ids.shape, dtype=torch.long)
        mask = self.get_extended_attention_mask(attention_mask, input_ids.shape)
        return self.embed(input_ids)[:, None] + mask[..., None]


def example():
    return Encoder(), (torch.randint(0, 16, (2, 5)),)
