"""A model checks in forward whether its output embedding still shares storage with the input embedding (tied
weights) by comparing the untyped storages' data pointers, and unties lazily when they differ."""
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
        tied = self.lm_head.weight.untyped_storage().data_ptr() == self.embed.weight.untyped_storage().data_ptr()  # expect: CL152
        logits = self.lm_head(h)
        return logits if tied else logits * 0.5


def example():
    return TiedLM(), (torch.tensor([[1, 2, 3]]),)
