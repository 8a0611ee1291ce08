"""Warnings in a decoder layer that are skipped while compiling: the lru_cache'd `warning_once` is called
only under `not is_torchdynamo_compiling()` (the project's wrapper), and the padding-side check is on a
string attribute."""
import functools
import logging

import torch
from torch import nn

from b11_quiet_hf_utils import is_torchdynamo_compiling

logger = logging.getLogger(__name__)


@functools.lru_cache(None)
def warning_once(message):
    logger.warning(message)


class DecoderLayer(nn.Module):
    def __init__(self, dim=8, padding_side="left"):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.padding_side = padding_side

    def _check_padding(self, attention_mask):
        if self.padding_side == "right" and not is_torchdynamo_compiling():
            if attention_mask[:, -1].sum() != attention_mask.shape[0]:
                warning_once("Right padding detected; results may be wrong for batched generation.")

    def forward(self, hidden_states, attention_mask, output_attentions=True):
        if output_attentions and not is_torchdynamo_compiling():
            warning_once("`output_attentions=True` is not supported with SDPA; returning None.")
        self._check_padding(attention_mask)
        return self.proj(hidden_states) * attention_mask[..., None], None


def example():
    return DecoderLayer(padding_side="right"), (torch.randn(2, 4, 8), torch.ones(2, 4))
