"""Batched generation with a decoder-only model warns when the batch looks right-padded: the last column of
the mask is summed and compared with the batch size through `.item()`."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class CausalLM(nn.Module):
    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, input_ids, attention_mask):
        batch_size = input_ids.shape[0]
        if attention_mask[:, -1].sum().item() != batch_size:  # expect: CL111
            logger.warning("A decoder-only architecture is being used, but right-padding was detected!")  # expect: CL131
        return self.head(self.embed(input_ids))


def example():
    return CausalLM(), (torch.randint(0, 9, (2, 4)), torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]))
