"""Pooling picks the last real token: the padding side is a config string (`self.padding_side == "left"`),
and the index of the last token comes from `attention_mask.sum(-1) - 1` used as a gather index."""
import torch
from torch import nn


class LastTokenPooler(nn.Module):
    def __init__(self, vocab=9, dim=4, padding_side="right"):
        super().__init__()
        self.padding_side = padding_side
        self.embed = nn.Embedding(vocab, dim)

    def forward(self, input_ids, attention_mask):
        hidden = self.embed(input_ids)
        if self.padding_side == "left":
            return hidden[:, -1]
        if self.padding_side not in ("left", "right"):
            raise ValueError(f"unknown padding side {self.padding_side}")
        last = attention_mask.sum(-1) - 1
        return hidden[torch.arange(hidden.shape[0], device=hidden.device), last]


def example():
    return LastTokenPooler(), (torch.randint(0, 9, (2, 4)), torch.tensor([[1, 1, 0, 0], [1, 1, 1, 1]]))
