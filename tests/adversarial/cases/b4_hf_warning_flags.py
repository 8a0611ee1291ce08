"""Warnings deduplicated by flags: a module-level `_warned` flag and an instance flag both still call the
warning on the first (compiled) call; a flag already set in __init__ and a config check that is False do not."""
import logging
import warnings

import torch
from torch import nn

logger = logging.getLogger(__name__)
_padding_side_warned = False


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.pad_token_id = None
        self._warned_sdpa = False
        self._warned_head_mask = True
        self.use_legacy = False

    def warn_if_padding_and_no_attention_mask(self, input_ids, attention_mask):
        if attention_mask is not None or self.pad_token_id is None:
            return
        logger.warning_once("We strongly recommend passing in an `attention_mask`.")

    def forward(self, x, attention_mask=None, output_attentions=True, head_mask=None):
        global _padding_side_warned
        self.warn_if_padding_and_no_attention_mask(x, attention_mask)
        if not _padding_side_warned:
            warnings.warn("right padding detected, results may be wrong")  # expect: CL131
            _padding_side_warned = True
        if output_attentions and not self._warned_sdpa:
            logger.warning("SDPA does not support output_attentions; falling back.")  # expect: CL131
            self._warned_sdpa = True
        if head_mask is None and not self._warned_head_mask:
            logger.warning("head_mask is deprecated")
            self._warned_head_mask = True
        if self.use_legacy:
            warnings.warn("legacy path", FutureWarning)
        return self.proj(x)


def example():
    return Model(), (torch.randn(2, 8),)
