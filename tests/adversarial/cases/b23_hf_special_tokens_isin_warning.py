"""Generation prepares its special tokens as tensors and checks them: an end-of-sequence id that is also the pad id
gets a warning, tested with an `isin` helper written to work on every device."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def isin_mps_friendly(elements, test_elements):
    if test_elements.ndim == 0:
        test_elements = test_elements.unsqueeze(0)
    return elements.tile(test_elements.shape[0], 1).eq(test_elements.unsqueeze(1)).sum(dim=0).bool().squeeze()


class GenerationStep(nn.Module):
    def __init__(self, eos_token_id=(2, 3), pad_token_id=3):
        super().__init__()
        self.register_buffer("eos_token_tensor", torch.tensor(eos_token_id))
        self.register_buffer("pad_token_tensor", torch.tensor(pad_token_id))
        self.head = nn.Linear(8, 16)

    def _prepare_special_tokens(self):
        eos, pad = self.eos_token_tensor, self.pad_token_tensor
        if eos is not None and isin_mps_friendly(elements=eos, test_elements=pad).any():  # expect: CL101
            logger.warning("The attention mask is not set and cannot be inferred from input because pad token is same as eos token.")  # expect: CL131
        return eos, pad

    def forward(self, hidden):
        eos, pad = self._prepare_special_tokens()
        scores = self.head(hidden)
        return scores.index_fill(-1, eos, float("-inf"))


def example():
    return GenerationStep(), (torch.randn(2, 8),)
