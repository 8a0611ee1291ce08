"""Padding checks reached from forward through the base mixin and a local helper, each behind the project's
`is_torchdynamo_compiling()` wrapper or a None test, so nothing reads tensor values while compiling."""
import torch
from torch import nn

from b12_quiet_hf_base import Config, PreTrainedModel, is_torchdynamo_compiling, warning_once


def _warn_on_right_padding(input_ids, pad_token_id):
    if is_torchdynamo_compiling():
        return
    if (input_ids[:, -1] == pad_token_id).any():
        warning_once("right padding detected")


class Encoder(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.embed = nn.Embedding(10, config.hidden_size)
        self.post_init()

    def forward(self, input_ids, attention_mask=None):
        self.warn_if_padding_and_no_attention_mask(input_ids, attention_mask)
        _warn_on_right_padding(input_ids, self.config.pad_token_id)
        hidden = self.embed(input_ids)
        if attention_mask is None:
            attention_mask = torch.ones(input_ids.shape, dtype=hidden.dtype)
        extended = self.get_extended_attention_mask(attention_mask, input_ids.shape, hidden.dtype)
        return hidden * extended.exp()[:, 0, 0, :, None]


def example():
    return Encoder(Config()), (torch.tensor([[4, 5, 0]]),)
