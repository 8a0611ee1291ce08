"""An embeddings mixin validates ids in a classmethod that reads the class's vocabulary size; the model calls it
through `self`, and the check is a tensor comparison in an `if`."""
import torch
from torch import nn


class EmbeddingsValidationMixin:
    vocab_size = 16

    @classmethod
    def _validate_ids(cls, input_ids):
        if (input_ids >= cls.vocab_size).any() or (input_ids < 0).any():  # expect: CL101
            raise IndexError("input id outside the vocabulary")
        return input_ids


class TextEmbeddings(EmbeddingsValidationMixin, nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.word = nn.Embedding(self.vocab_size, dim)

    def forward(self, input_ids):
        input_ids = self._validate_ids(input_ids)
        return self.word(input_ids)


def example():
    return TextEmbeddings(), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
