"""The tied-weights twin: an identity test of the two Parameters (`is`), no storage pointers."""
import torch
from torch import nn


class TiedLM(nn.Module):
    def __init__(self, vocab=6, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.lm_head.weight = self.embed.weight

    def forward(self, input_ids):
        h = self.embed(input_ids)
        tied = self.lm_head.weight is self.embed.weight
        logits = self.lm_head(h)
        return logits if tied else logits * 0.5


def example():
    return TiedLM(), (torch.tensor([[1, 2, 3]]),)
