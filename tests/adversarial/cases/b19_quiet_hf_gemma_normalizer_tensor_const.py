"""Embeddings scaled by a normalizer made in forward with torch.tensor of a Python float from the config, and
final logits soft-capped with tanh: constants turned into tensors compile."""
import math

import torch
from torch import nn


class SoftcapLM(nn.Module):
    def __init__(self, vocab=9, dim=4, final_logit_softcapping=30.0):
        super().__init__()
        self.embed_tokens = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.hidden_size, self.final_logit_softcapping = dim, final_logit_softcapping

    def forward(self, input_ids):
        h = self.embed_tokens(input_ids)
        normalizer = torch.tensor(self.hidden_size**0.5, dtype=h.dtype)
        h = h * normalizer
        logits = self.lm_head(h)
        if self.final_logit_softcapping is not None:
            logits = torch.tanh(logits / self.final_logit_softcapping) * self.final_logit_softcapping
        return logits * math.sqrt(float(self.hidden_size)) / math.sqrt(self.hidden_size)


def example():
    return SoftcapLM(), (torch.tensor([[1, 2, 3]]),)
