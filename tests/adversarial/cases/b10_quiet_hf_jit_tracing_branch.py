"""Tracing-only checks: under `torch.jit.is_tracing()` the model validates with `.tolist()` and logs; under
dynamo the guard is False and the branch is never traced."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Embeddings(nn.Module):
    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.vocab = vocab
        self.embed = nn.Embedding(vocab, dim)

    def forward(self, input_ids):
        if torch.jit.is_tracing():
            ids = input_ids.tolist()
            logger.info("tracing with %d sequences", len(ids))
            if max(max(row) for row in ids) >= self.vocab:
                raise ValueError("id out of range")
        return self.embed(input_ids)


def example():
    return Embeddings(), (torch.randint(0, 9, (2, 3)),)
