"""Finds the first end-of-sequence token by walking `range(input_ids.shape[-1])` and comparing each id with
the eos id: a tensor comparison used as a Python bool inside the loop."""
import torch
from torch import nn


class SequenceSummary(nn.Module):
    def __init__(self, vocab=9, dim=4, eos_token_id=2):
        super().__init__()
        self.eos_token_id = eos_token_id
        self.embed = nn.Embedding(vocab, dim)

    def forward(self, input_ids):
        hidden = self.embed(input_ids)
        last = input_ids.shape[-1] - 1
        for i in range(input_ids.shape[-1]):
            if input_ids[0, i] == self.eos_token_id:  # expect: CL101
                last = i
                break
        return hidden[:, last]


def example():
    return SequenceSummary(), (torch.tensor([[5, 3, 2, 1], [4, 2, 6, 7]]),)
