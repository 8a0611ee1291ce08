"""A captioning model returns tokens with its ids: a tokenizer-like vocabulary object converts ids to tokens by
indexing its Python list with each element of the id row (`[self._vocab[i] for i in ids]`)."""
import torch
from torch import nn


class VocabStub:
    def __init__(self, size=16):
        self._vocab = [f"tok{i}" for i in range(size)]

    def convert_ids_to_tokens(self, ids):
        if isinstance(ids, int):
            return self._vocab[ids]
        return [self._vocab[i] for i in ids]  # known-miss: CL111


class Captioner(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 16)
        self.tokenizer = VocabStub()

    def forward(self, hidden):
        ids = self.head(hidden).argmax(-1)
        tokens = self.tokenizer.convert_ids_to_tokens(ids[0])
        return ids, len(tokens)


def example():
    return Captioner(), (torch.randn(1, 3, 8),)
